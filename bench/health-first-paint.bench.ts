// `npm run bench:health-first-paint`: /health with 5,000 checks in Chromium against a running
// `vigil serve`: navigation to first table paint (goal < 1.5 s) and the page's initial
// JavaScript (goal ≤ 250 kB gzip). Writes its section of bench/runs/health-first-paint.md. `-- --profile`
// also prints where the page spends its CPU until the first row shows.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';
import { benchLifecycle } from './lifecycle.ts';
import { ApiClient } from './health/api-client.ts';
import { initialScripts, launchBrowser, measurePaint } from './first-paint-browser.ts';
import { profileNavigation } from './health/first-paint-profile.ts';
import { writeFirstPaint, type FirstPaintRun } from './health/first-paint-report.ts';
import { median } from './measure.ts';
import { seedDashboard } from './health/first-paint-seed.ts';
import { admin, repoRoot, startServers } from './health/servers.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 9);
const { cleanups, cleanUp, deadline, step } = benchLifecycle(20);

async function main(): Promise<FirstPaintRun> {
  const built = spawnSync(
    'node',
    ['-e', "import('./scripts/lib/prepare.mjs').then((m) => m.ensureWebBuild())"],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('the web build failed');
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  const db = createDatabase(database.url, 4);
  step('seeding 5,000 checks and an hour of runs through the engine writer');
  const checks = await seedDashboard(db, 50, 100).finally(() => db.close());
  const servers = await startServers(
    database.url,
    {
      profile: false,
      traceGc: false,
      nodeFlags: [],
      // No runs during timing; every navigation computes its summary (no shared answer).
      serverEnv: { VIGIL_WORKERS: 'off', VIGIL_HEALTH_SUMMARY_CACHE: '0' },
    },
    cleanups,
  );
  const client = new ApiClient(servers.baseUrl);
  cleanups.push(async () => client.close());
  await client.signIn(admin.email, admin.password);
  const summaryMs: number[] = [];
  let summaryBytes = 0;
  for (let i = 0; i < iterations + 2; i++) {
    const started = performance.now();
    const answer = await client.request('GET', '/api/canary/api/summary?timeRange=1h');
    if (i >= 2) summaryMs.push(performance.now() - started);
    summaryBytes = answer.body.length;
  }
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const cookies = client.cookies();
  const views = {
    all: `${servers.baseUrl}/health?hidePassing=false`,
    failing: `${servers.baseUrl}/health`,
  };
  const samples: Record<'all' | 'failing' | 'summaryInPage' | 'summaryAsked', number[]> = {
    all: [],
    failing: [],
    summaryInPage: [],
    summaryAsked: [],
  };
  let rowsInDom = 0;
  await measurePaint(browser, views.all, cookies);
  for (let i = 0; i < iterations; i++) {
    const all = await measurePaint(browser, views.all, cookies);
    const failing = await measurePaint(browser, views.failing, cookies);
    samples.all.push(all.firstTableMs);
    samples.summaryInPage.push(all.summaryMs);
    samples.summaryAsked.push(all.summaryStartMs);
    samples.failing.push(failing.firstTableMs);
    rowsInDom = all.rowsInDom;
    step(
      `iteration ${i + 1}: all ${all.firstTableMs.toFixed(0)} ms, failing ${failing.firstTableMs.toFixed(0)} ms`,
    );
  }
  const scripts = await initialScripts(browser, views.all, cookies);
  if (process.argv.includes('--profile')) {
    const top = await profileNavigation(browser, views.all, cookies, 'svc-0-0');
    step(`page CPU by function (self time), one profiled navigation:\n${top.join('\n')}`);
  }
  return {
    date: new Date().toISOString(),
    command: `${database.source === 'DATABASE_URL' ? 'DATABASE_URL=… ' : ''}npm run bench:health-first-paint`,
    machine: `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
    checks,
    iterations,
    firstPaintAll: median(samples.all),
    firstPaintFailing: median(samples.failing),
    summaryInPage: median(samples.summaryInPage),
    summaryAsked: median(samples.summaryAsked),
    summaryHttp: median(summaryMs),
    summaryBytes,
    rowsInDom,
    scripts,
  };
}

main()
  .then(async (run) => {
    await writeFirstPaint(path.join(repoRoot, 'bench/runs/health-first-paint.md'), run);
    console.log(JSON.stringify(run, null, 2));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    clearTimeout(deadline);
  });
