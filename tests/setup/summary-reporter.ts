import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/** One closing line that any CI can read: "Tests: N passed, N failed". */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: readonly TestModule[],
    unhandledErrors: readonly unknown[],
    reason: TestRunEndReason,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      // A file that could not even load counts as a failure, not as nothing.
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    failed += unhandledErrors.length;
    // A run that failed before any test (the global setup, say) must not read as all clear.
    if (reason !== 'passed' && failed === 0) failed = 1;
    const tail = skipped ? `, ${skipped} skipped` : '';
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
