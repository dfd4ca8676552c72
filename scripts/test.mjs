// `npm test`: every suite (unit, integration on real PostgreSQL, end-to-end in Chromium).
// Prints `N passed, N failed` and writes the counts to .test-summary.json for CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from './lib/chromium.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib/prepare.mjs';
import { ensureSystemPackages, exclusionsFor } from './lib/system-packages.mjs';
import { fileDurations, readJsonFile, slowestTable } from './lib/slowest.mjs';
import { databaseScope } from './lib/test-scope.mjs';
import { failuresList } from './lib/failures.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();
// CI installs every package first (.ci/run), so there nothing is skipped.
const unavailable = exclusionsFor(ensureSystemPackages());

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRun = false;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
}

const vitestOut = '.vitest.json';
const durationsOut = path.join(root, '.vitest-durations.json');
fs.rmSync(path.join(root, vitestOut), { force: true });
fs.rmSync(durationsOut, { force: true });
// VIGIL_TEST_SCOPE=database: CI's second pass, against DATABASE_URL, runs only the suites whose
// outcome depends on which PostgreSQL runs Vigil (listed and argued in lib/test-scope.mjs).
const databaseOnly = process.env.VIGIL_TEST_SCOPE === 'database';
const scope = databaseOnly
  ? ['--project', 'server', '--project', 'server-serial', ...databaseScope]
  : [];
scope.push(...unavailable);
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...scope,
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/lib/vitest-durations.mjs',
    `--outputFile.json=${vitestOut}`,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, VIGIL_VITEST_DURATIONS: durationsOut } },
);
const unit = readJson(vitestOut);
// A file that fails outside its tests (a beforeAll, an import) fails none of them: count it once.
const filesFailedOutsideTests = (unit?.testResults ?? []).filter(
  (file) =>
    file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
).length;
totals.passed += unit?.numPassedTests ?? 0;
totals.failed += (unit?.numFailedTests ?? 0) + filesFailedOutsideTests;
totals.skipped += (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0);
if (vitest.status !== 0 || !unit) failedRun = true;

const chromium = findChromium();
const pwOut = path.join(root, '.pw.json');
let e2e;
fs.rmSync(pwOut, { force: true });
if (databaseOnly) {
  process.stdout.write(
    '\nThe end-to-end suite runs in the first pass only (lib/test-scope.mjs).\n',
  );
} else if (!chromium && !process.env.CI) {
  process.stdout.write(
    '\nSkipping the end-to-end suite: no Chromium found. Install it with `apt-get install -y chromium`, or set CHROMIUM_PATH.\n',
  );
} else {
  const playwright = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: chromium ?? '/usr/bin/chromium',
      },
    },
  );
  e2e = readJson('.pw.json');
  totals.passed += e2e?.stats?.expected ?? 0;
  totals.failed += (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
  totals.skipped += e2e?.stats?.skipped ?? 0;
  if (playwright.status !== 0 || !e2e) failedRun = true;
}

process.stdout.write(slowestTable(fileDurations(readJsonFile(durationsOut), readJsonFile(pwOut))));
const failures = failuresList(unit, e2e, root);
process.stdout.write(failures);
fs.writeFileSync(
  path.join(root, '.test-summary.json'),
  JSON.stringify({ ...totals, failures }) + '\n',
);
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);
