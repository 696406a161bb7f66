import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const PROJECT = fileURLToPath(new URL('../../fixtures/summary-reporter/', import.meta.url));

/** Variables this worker inherits from the Vitest running it, which would make the inner run think it is a worker too. */
function envOutsideVitest(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'));
}

function runFixtureProject(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [VITEST, 'run', '--root', PROJECT], { env: envOutsideVitest() }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

describe('summary reporter', () => {
  // A whole Vitest run in a child process: seconds on a quiet machine, many more on a busy one.
  it('counts every file that failed outside its tests as failed, and the run exits with 1', { timeout: 120_000 }, async () => {
    const { code, stdout, stderr } = await runFixtureProject();
    // failed: 1 test, 4 files (beforeAll throwing, beforeAll timing out, afterAll throwing, an import), 1 unhandled rejection;
    // skipped: the tests a failed beforeAll left unrun.
    expect(stdout.trim().split('\n').at(-1), stderr).toBe('4 passed, 6 failed, 3 skipped');
    expect(code).toBe(1);
  });
});
