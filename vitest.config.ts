import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './test/setup/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/api/**/*.test.{ts,tsx}', 'test/contract/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/postgres-global.ts', 'test/setup/image-fixtures-global.ts', 'test/setup/seed-images-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/postgres-global.ts', 'test/setup/seed-images-global.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/setup/fail-on-console-error.ts'],
          globalSetup: ['test/setup/browser-global.ts', 'test/setup/image-fixtures-global.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
