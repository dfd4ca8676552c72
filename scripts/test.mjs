// `npm test`: every suite (unit, integration on real PostgreSQL, end-to-end in Chromium).
// Prints `N passed, N failed` and writes the counts to .test-summary.json for CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from './lib/chromium.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib/prepare.mjs';
import { ensureSystemPackages, exclusionsFor } from './lib/system-packages.mjs';

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
fs.rmSync(path.join(root, vitestOut), { force: true });
// VIGIL_TEST_SCOPE=database: only the suites whose outcome depends on which PostgreSQL runs
// Vigil (CI's second pass, against DATABASE_URL). Check runners and the web app are the same
// whatever the product's database is, so that pass leaves them to the first; so are the
// deployment artefacts' tests (the image's start-up runs in the first pass).
const scope =
  process.env.VIGIL_TEST_SCOPE === 'database'
    ? [
        '--project',
        'server',
        '--exclude',
        '**/test/health/check-types/**',
        '--exclude',
        '**/test/deploy/**',
      ]
    : [];
scope.push(...unavailable);
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', ...scope, '--reporter=default', '--reporter=json', `--outputFile=${vitestOut}`],
  { cwd: root, stdio: 'inherit' },
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
if (!chromium && !process.env.CI) {
  process.stdout.write(
    '\nSkipping the end-to-end suite: no Chromium found. Install it with `apt-get install -y chromium`, or set CHROMIUM_PATH.\n',
  );
} else {
  const pwOut = path.join(root, '.pw.json');
  fs.rmSync(pwOut, { force: true });
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
  const e2e = readJson('.pw.json');
  totals.passed += e2e?.stats?.expected ?? 0;
  totals.failed += (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
  totals.skipped += e2e?.stats?.skipped ?? 0;
  if (playwright.status !== 0 || !e2e) failedRun = true;
}

fs.writeFileSync(path.join(root, '.test-summary.json'), JSON.stringify(totals) + '\n');
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);
