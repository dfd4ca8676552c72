// `npm run bench:topology-ui`: the topology dashboard of #24 with 2,162 components over 5 levels
// (the seed of bench:topology-query) in Chromium against a running `vigil serve`: navigation to
// the first card's paint, median of BENCH_ITERATIONS cold loads (goal < 1.5 s for /topology).
// A root's page is measured beside it, and the flat list of every Pod (1,800 cards) when asked;
// no goal for those.
import os from 'node:os';
import pg from 'pg';
import { pino } from 'pino';
import { createBenchDatabase } from './database.ts';
import { benchLifecycle, finishWithJsonRun, type JsonRun } from './lifecycle.ts';
import { ApiClient } from './health/api-client.ts';
import { admin, repoRoot, startServers } from './health/servers.ts';
import { launchBrowser, measurePaint, type PaintTarget } from './first-paint-browser.ts';
import { profileNavigation } from './health/first-paint-profile.ts';
import { median } from './measure.ts';
import { seedTree } from './topology/seed-tree.ts';
import { ensureWebBuild } from '../scripts/lib/prepare.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 7);
const goalMs = 1500;
const lifecycle = benchLifecycle(20);
const { cleanups, step } = lifecycle;

const card: PaintTarget = {
  row: '[role="list"][aria-label="Components"] article',
  api: '/api/topology',
};
const allViews = ['dashboard', 'root', 'pods'] as const;
type View = (typeof allViews)[number];
// BENCH_VIEWS=dashboard,root,pods adds the flat list of 1,800 cards (over a minute on a loaded
// host: not by default); `-- --profile` prints the page's CPU by function.
const chosen = (process.env.BENCH_VIEWS ?? 'dashboard,root').split(',');
const views = allViews.filter((view) => chosen.includes(view));

async function main(): Promise<JsonRun> {
  ensureWebBuild();
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  step('seeding 2,162 components over 5 levels');
  const { total, firstRoot } = await seedTree(pool).finally(() => pool.end());
  const servers = await startServers(
    database.url,
    { profile: false, traceGc: false, nodeFlags: [], serverEnv: { VIGIL_WORKERS: 'off' } },
    cleanups,
  );
  const client = new ApiClient(servers.baseUrl);
  cleanups.push(async () => client.close());
  await client.signIn(admin.email, admin.password);
  const cookies = client.cookies();
  // The answer the dashboard asks for (two levels) beside the whole tree, interleaved.
  const apiMs: Record<'depth2' | 'whole', number[]> = { depth2: [], whole: [] };
  const apiBytes: Record<'depth2' | 'whole', number> = { depth2: 0, whole: 0 };
  for (let i = 0; i < iterations + 2; i++) {
    for (const [kind, url] of [
      ['depth2', '/api/topology?depth=2'],
      ['whole', '/api/topology'],
    ] as const) {
      const started = performance.now();
      const answer = await client.request('GET', url);
      if (i >= 2) apiMs[kind].push(performance.now() - started);
      apiBytes[kind] = answer.body.length;
    }
  }
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const urls: Record<View, string> = {
    dashboard: `${servers.baseUrl}/topology`,
    root: `${servers.baseUrl}/topology/${firstRoot}`,
    pods: `${servers.baseUrl}/topology?type=Pod`,
  };
  const firstCard: Record<View, string> = {
    dashboard: 'Actions for root-1',
    root: 'Actions for root-1-1',
    pods: 'Actions for root-1-1-1-1-1',
  };
  const paint: Record<View, number[]> = { dashboard: [], root: [], pods: [] };
  const answer: Record<View, number[]> = { dashboard: [], root: [], pods: [] };
  const asked: Record<View, number[]> = { dashboard: [], root: [], pods: [] };
  const cards: Record<View, number> = { dashboard: 0, root: 0, pods: 0 };
  if (process.argv.includes('--profile')) {
    for (const view of views) {
      const top = await profileNavigation(browser, urls[view], cookies, firstCard[view]);
      step(`${view}: page CPU by function (self time):\n${top.join('\n')}`);
    }
  }
  for (const view of views) await measurePaint(browser, urls[view], cookies, card);
  for (let i = 0; i < iterations; i++) {
    for (const view of views) {
      const sample = await measurePaint(browser, urls[view], cookies, card);
      paint[view].push(sample.firstTableMs);
      answer[view].push(sample.summaryMs);
      asked[view].push(sample.summaryStartMs);
      cards[view] = sample.rowsInDom;
    }
    step(
      `iteration ${i + 1}: ${views.map((v) => `${v} ${paint[v].at(-1)?.toFixed(0)} ms`).join(', ')}`,
    );
  }
  const figures = Object.fromEntries(
    views.map((view) => [
      view,
      {
        url: urls[view].slice(servers.baseUrl.length),
        cardsInDom: cards[view],
        firstPaintMs: median(paint[view]),
        minMs: Math.min(...paint[view]),
        apiAskedMs: median(asked[view]),
        apiAnswerEndMs: median(answer[view]),
        runs: paint[view].map((ms) => Math.round(ms)),
      },
    ]),
  );
  const dashboard = median(paint.dashboard);
  return {
    date: new Date().toISOString(),
    command: 'npm run bench:topology-ui',
    machine: `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
    components: total,
    iterations,
    goalMs,
    ratio: Number((dashboard / goalMs).toFixed(2)),
    views: figures,
    api: {
      depth2: { medianMs: median(apiMs.depth2), bytes: apiBytes.depth2 },
      whole: { medianMs: median(apiMs.whole), bytes: apiBytes.whole },
    },
  };
}

finishWithJsonRun(main(), {
  name: 'topology-ui',
  title: 'Topology UI with 2,162 components',
  repoRoot,
  lifecycle,
});
