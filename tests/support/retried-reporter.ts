import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Retries are a safety net in CI, never a hiding place: after the run, every test that needed
 * one is named on a line of its own ("retried: <file> › <title> (passed on try n)"), whether it
 * passed in the end or not.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried = new Map<TestCase, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry > 0) this.retried.set(test, result);
  }

  onEnd(_result: FullResult): void {
    if (this.retried.size === 0) return;
    console.log(`\n${this.retried.size} test(s) needed a retry:`);
    for (const [test, result] of this.retried) {
      const where = `${test.location.file.split('/').slice(-2).join('/')}:${test.location.line}`;
      console.log(`retried: ${where} › ${test.title} (${result.status} on try ${result.retry + 1})`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
