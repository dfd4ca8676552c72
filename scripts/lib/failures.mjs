// The failed tests of a run, named at the end of `npm test` so that a CI log cut to its tail
// still says what failed and why (the first line of each message).
import path from 'node:path';

const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

function vitestFailures(report, root) {
  const rows = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      rows.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failed.length === 0) {
      rows.push(`${name} (outside its tests): ${firstLine(file.message)}`);
    }
  }
  return rows;
}

function playwrightFailures(report) {
  const rows = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const last = test.results?.at(-1);
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        rows.push(
          `e2e/tests/${spec.file} › ${title} (${test.status}): ${firstLine(last?.error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return rows;
}

/** A printable list of the failed tests of both runners; empty when nothing failed. */
export function failuresList(vitestReport, playwrightReport, root) {
  const rows = [...vitestFailures(vitestReport, root), ...playwrightFailures(playwrightReport)];
  if (rows.length === 0) return '';
  const shown = rows.slice(0, 20).map((row, index) => `${index + 1}. ${row.slice(0, 400)}`);
  return `\nFailed tests:\n${shown.join('\n')}\n`;
}
