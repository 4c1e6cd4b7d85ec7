// Prints one closing line for the whole test run, from the runners' JSON reports:
// "tests: N passed, N failed" (and ", N skipped" when any were skipped).
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright: flaky tests passed on retry
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}

if (missing > 0) {
  console.error(`tests: ${missing} runner report(s) missing: a runner did not finish`);
} else {
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
}
process.exit(failed > 0 || missing > 0 || passed === 0 ? 1 : 0);
