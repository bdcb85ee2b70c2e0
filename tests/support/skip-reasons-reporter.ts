import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints, after the run, every skipped test with the reason it was skipped for (the list
 * reporter shows only a dash): a local run without a service says what it did not test.
 */
export default class SkipReasonsReporter implements Reporter {
  private skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== "skipped") return;
    const reason = test.annotations.find((a) => a.type === "skip")?.description ?? "no reason given";
    this.skipped.push(`${test.titlePath().filter(Boolean).slice(1).join(" › ")}: ${reason}`);
  }

  onEnd(_result: FullResult) {
    if (this.skipped.length === 0) return;
    console.log(`\n${this.skipped.length} skipped:\n${this.skipped.map((line) => `  - ${line}`).join("\n")}`);
  }

  printsToStdio() {
    return false;
  }
}
