import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, "N passed, N failed, N skipped", that any CI can read without
 * knowing Vitest's own summary format. "failed" counts failed tests, each file that failed outside
 * its tests (a hook, an import, a timeout) and each unhandled error, so it is 0 only when the run passed:
 * a file whose beforeAll fails leaves its tests merely skipped.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      if (failedOutsideTests(module)) counts.failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

/** Errors Vitest keeps on the file or on a suite, not on a test: imports, collection, hooks. */
function failedOutsideTests(module: TestModule): boolean {
  return module.errors().length > 0 || [...module.children.allSuites()].some((suite) => suite.errors().length > 0);
}
