#!/usr/bin/env node
// Prints how many tests a step executed, from the JSON report its runner
// wrote: Vitest's (--reporter=json) or Playwright's (the json reporter).
// Usage: count-tests.mjs <step name> <report.json> >> summary
// Issue 31: the CI log names the tests each step ran, so a change that runs
// fewer is seen in the log, not just in the time.
import { readFileSync } from 'node:fs';

const [name, file] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));

let counts;
if ('numTotalTests' in report) {
  // Vitest: the Jest-compatible totals.
  counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
} else if (report.stats) {
  // Playwright: "expected" passed first time, "flaky" passed on a retry (and is counted apart).
  counts = {
    passed: report.stats.expected,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    flaky: report.stats.flaky,
  };
} else {
  throw new Error(`${file}: neither a Vitest nor a Playwright JSON report`);
}
const parts = Object.entries(counts).map(([key, value]) => `${value} ${key}`);
console.log(`${name}: ${parts.join(', ')}`);
