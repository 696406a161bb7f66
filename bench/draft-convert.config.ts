import { defineConfig } from 'vitest/config';

/** npm run bench:draft-convert: a measurement run by Vitest only for its happy-dom environment and module interop. */
export default defineConfig({
  test: { include: ['bench/draft-convert.tsx'], environment: 'happy-dom', testTimeout: 600_000, reporters: ['default'] },
});
