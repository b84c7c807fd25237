import { readFileSync } from 'node:fs';

/**
 * The failed browser tests of a Playwright JSON report (playwright.config.ts writes one), each with
 * the first lines of its error, for the end of `npm test`'s output. A CI log is often read from
 * its tail, and Playwright's own account of a failure is printed long before the summary.
 */
export function failureDigest(reportFile, { maxLines = 12 } = {}) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return [];
  }
  const lines = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const failed = (test.results ?? []).filter((r) => r.status === 'failed' || r.status === 'timedOut');
        if (failed.length === 0 || test.status === 'expected' || test.status === 'skipped') continue;
        lines.push(`✘ ${[...titles, spec.title].filter(Boolean).join(' › ')} (${spec.file}:${spec.line})`);
        for (const result of failed) {
          for (const error of result.errors ?? []) {
            const text = stripAnsi(error.message ?? error.value ?? String(error)).trimEnd();
            const errorLines = text.split('\n');
            lines.push(...errorLines.slice(0, maxLines).map((l) => `    ${l}`));
            if (errorLines.length > maxLines) lines.push(`    … (${errorLines.length - maxLines} more lines)`);
          }
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');
