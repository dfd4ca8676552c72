// `npm run bench:catalog-ui`: the catalog screens of #23 with 100k items in Chromium against a
// running `vigil serve`: navigation to the summary table's first paint (goal < 1.5 s) and the
// flat table scrolled at a steady speed (goal 60 fps). Scrolling is measured two ways: the old
// rAF loop setting scrollTop (frames counted from requestAnimationFrame), and a wheel gesture
// synthesised by Chromium with presented and dropped frames read from a trace (see
// catalog/gesture-scroll.ts). BENCH_BASELINE_WEB=<dir of another web build> measures that
// build's scrolling too, on a second server over the same data, alternating with this one.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createBenchDatabase } from './database.ts';
import { benchLifecycle, finishWithJsonRun, type JsonRun } from './lifecycle.ts';
import { ApiClient } from './health/api-client.ts';
import { admin, repoRoot, startServers } from './health/servers.ts';
import { launchBrowser, measurePaint, type PaintTarget } from './first-paint-browser.ts';
import { measureScroll, type ScrollSample } from './catalog/scroll-frames.ts';
import { measureGestureScroll, type GestureSample } from './catalog/gesture-scroll.ts';
import { startWebVariant } from './catalog/web-variant.ts';
import { median } from './measure.ts';
import { seed } from './seed.ts';
import { ensureWebBuild } from '../scripts/lib/prepare.mjs';

const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 7);
const scroll = { speed: Number(process.env.BENCH_SCROLL_SPEED ?? 6000), seconds: 8 };
const scrollRuns = Number(process.env.BENCH_SCROLL_RUNS ?? 3);
const baselineWeb = process.env.BENCH_BASELINE_WEB;
const lifecycle = benchLifecycle(25);
const { cleanups, step } = lifecycle;

const summaryTable: PaintTarget = {
  row: 'table[aria-label="Catalog summary"] tbody tr',
  api: '/api/catalog/summary',
};
const flatTable: PaintTarget = { row: 'table[aria-label="Catalog"] tbody tr', api: '/api/db/' };

async function main(): Promise<JsonRun> {
  ensureWebBuild();
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  step(`seeding ${items} items`);
  const counts = await seed(pool, items).finally(() => pool.end());
  step(`seeded ${JSON.stringify(counts)}`);
  const servers = await startServers(
    database.url,
    { profile: false, traceGc: false, nodeFlags: [], serverEnv: { VIGIL_WORKERS: 'off' } },
    cleanups,
  );
  const client = new ApiClient(servers.baseUrl);
  cleanups.push(async () => client.close());
  await client.signIn(admin.email, admin.password);
  const cookies = client.cookies();
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const urls = {
    summary: `${servers.baseUrl}/catalog`,
    flat: `${servers.baseUrl}/catalog?health=${encodeURIComponent('!unknown')}`,
  };
  await measurePaint(browser, urls.summary, cookies, summaryTable);
  const samples: Record<'summary' | 'flat', number[]> = { summary: [], flat: [] };
  for (let i = 0; i < iterations; i++) {
    samples.summary.push(
      (await measurePaint(browser, urls.summary, cookies, summaryTable)).firstTableMs,
    );
    samples.flat.push((await measurePaint(browser, urls.flat, cookies, flatTable)).firstTableMs);
    step(
      `iteration ${i + 1}: summary ${samples.summary.at(-1)?.toFixed(0)} ms, flat ${samples.flat.at(-1)?.toFixed(0)} ms`,
    );
  }
  const builds: Record<string, { base: string; cookies: typeof cookies }> = {
    current: { base: servers.baseUrl, cookies },
  };
  if (baselineWeb !== undefined) {
    const base = await startWebVariant(database.url, path.resolve(baselineWeb), cleanups);
    const baselineClient = new ApiClient(base);
    cleanups.push(async () => baselineClient.close());
    await baselineClient.signIn(admin.email, admin.password);
    builds.baseline = { base, cookies: baselineClient.cookies() };
  }
  const scrolls: Record<string, { raf: ScrollSample[]; gesture: GestureSample[] }> = {};
  for (let i = 0; i < scrollRuns; i++) {
    for (const [build, { base, cookies: signedIn }] of Object.entries(builds)) {
      const url = `${base}/catalog?health=${encodeURIComponent('!unknown')}`;
      const runs = (scrolls[build] ??= { raf: [], gesture: [] });
      runs.raf.push(await measureScroll(browser, url, signedIn, scroll));
      runs.gesture.push(
        await measureGestureScroll(browser, url, signedIn, { ...scroll, preload: true }),
      );
      step(`scroll ${i + 1} ${build}: ${JSON.stringify(runs.raf.at(-1))}`);
      step(`gesture ${i + 1} ${build}: ${JSON.stringify(runs.gesture.at(-1))}`);
    }
  }
  const medians = Object.fromEntries(
    Object.entries(scrolls).map(([build, runs]) => [
      build,
      {
        raf: {
          fps: median(runs.raf.map((r) => r.fps)),
          p95FrameMs: median(runs.raf.map((r) => r.p95FrameMs)),
        },
        gesture: {
          fps: median(runs.gesture.map((r) => r.fps)),
          mainMsPerFrame: median(runs.gesture.map((r) => r.mainMsPerFrame)),
          mainMsPerMainFrame: median(runs.gesture.map((r) => r.mainMsPerMainFrame)),
          rasterMsPerFrame: median(runs.gesture.map((r) => r.rasterMsPerFrame)),
          checkerboarded: median(runs.gesture.map((r) => r.checkerboarded)),
        },
      },
    ]),
  );
  return {
    date: new Date().toISOString(),
    command: 'npm run bench:catalog-ui',
    machine: `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
    items: counts,
    iterations,
    summaryFirstPaintMs: median(samples.summary),
    flatFirstPaintMs: median(samples.flat),
    scroll: { speedPxPerS: scroll.speed, seconds: scroll.seconds, medians, runs: scrolls },
  };
}

finishWithJsonRun(main(), {
  name: 'catalog-ui',
  title: `Catalog UI with ${items.toLocaleString('en')} items`,
  repoRoot,
  lifecycle,
});
