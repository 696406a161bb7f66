import { defineConfig } from 'vitest/config';

/**
 * Timeouts bound a hang, not the machine's speed: on a busy 2-core CI machine a test runs several times
 * slower than alone (the slowest here take 30 to 60 s alone). Slow fixtures are made by global setups,
 * before any test file starts and with no timeout, then cached on disk.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/setup/summary-reporter.ts'],
    // Unit and integration files wait on databases, servers and sharp's threads as much as they compute:
    // one worker per core, not Vitest's cores - 1, which is a single worker on a 2-core CI machine.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/api/**/*.test.{ts,tsx}', 'test/contract/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/postgres-global.ts', 'test/setup/image-fixtures-global.ts', 'test/setup/seed-images-global.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/postgres-global.ts', 'test/setup/seed-images-global.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/browser-global.ts', 'test/setup/image-fixtures-global.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
