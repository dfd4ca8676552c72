// The ten slowest test files of a run (vitest and Playwright), printed at the end of `npm test`
// so that a growing suite shows where its time goes.
import fs from 'node:fs';
import path from 'node:path';

/** Per-file seconds from the durations reporter's rows and a Playwright JSON report. */
export function fileDurations(vitestRows, playwrightReport) {
  const rows = (vitestRows ?? []).map((row) => ({ ...row, suite: 'vitest' }));
  const perSpec = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          perSpec.set(here, (perSpec.get(here) ?? 0) + (result.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, suite.file);
  for (const [file, seconds] of perSpec)
    rows.push({ file: path.join('e2e/tests', file), seconds, suite: 'playwright' });
  return rows.sort((a, b) => b.seconds - a.seconds);
}

export function slowestTable(rows, count = 10) {
  const top = rows.slice(0, count);
  if (top.length === 0) return '';
  const width = Math.max(...top.map((row) => row.file.length));
  const lines = top.map(
    (row, i) =>
      `${String(i + 1).padStart(2)}. ${row.file.padEnd(width)}  ${row.seconds.toFixed(1).padStart(7)} s  ${row.suite}${
        row.importSeconds === undefined ? '' : ` (import ${row.importSeconds.toFixed(1)} s)`
      }`,
  );
  return `\nThe ${top.length} slowest test files:\n${lines.join('\n')}\n`;
}

export function readJsonFile(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
