import { defineConfig } from 'vitest/config';

/** `npx vitest run --config bench/import.config.ts`: the import bench under Vite's module interop (draft-js is CommonJS). */
export default defineConfig({ test: { include: ['bench/import.bench-run.ts'], testTimeout: 600_000 } });
