// `npm run bench:catalog-ui`: the catalog screens of #23 with 100k items in Chromium against a
// running `vigil serve`: navigation to the summary table's first paint (goal < 1.5 s) and the
// flat table scrolled at a steady speed (goal 60 fps: dropped frames counted from
// requestAnimationFrame). Ratios are against those goals.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createBenchDatabase } from './database.ts';
import { benchLifecycle } from './lifecycle.ts';
import { ApiClient } from './health/api-client.ts';
import { admin, repoRoot, startServers } from './health/servers.ts';
import { launchBrowser, measurePaint, type PaintTarget } from './first-paint-browser.ts';
import { measureScroll, type ScrollSample } from './catalog/scroll-frames.ts';
import { median } from './measure.ts';
import { seed } from './seed.ts';
import { ensureWebBuild } from '../scripts/lib/prepare.mjs';

const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 7);
const scroll = { speed: Number(process.env.BENCH_SCROLL_SPEED ?? 6000), seconds: 8 };
const { cleanups, cleanUp, deadline, step } = benchLifecycle(25);

const summaryTable: PaintTarget = {
  row: 'table[aria-label="Catalog summary"] tbody tr',
  api: '/api/catalog/summary',
};
const flatTable: PaintTarget = { row: 'table[aria-label="Catalog"] tbody tr', api: '/api/db/' };

async function main(): Promise<Record<string, unknown>> {
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
  const scrolls: ScrollSample[] = [];
  for (let i = 0; i < 3; i++) {
    const sample = await measureScroll(browser, urls.flat, cookies, scroll);
    scrolls.push(sample);
    step(`scroll ${i + 1}: ${JSON.stringify(sample)}`);
  }
  const byFps = [...scrolls].sort((a, b) => a.fps - b.fps);
  const middle = byFps[1] ?? byFps[0];
  return {
    date: new Date().toISOString(),
    command: 'npm run bench:catalog-ui',
    machine: `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
    items: counts,
    iterations,
    summaryFirstPaintMs: median(samples.summary),
    flatFirstPaintMs: median(samples.flat),
    scroll: { speedPxPerS: scroll.speed, seconds: scroll.seconds, median: middle, runs: scrolls },
  };
}

function report(run: Record<string, unknown>): string {
  return [
    `# Catalog UI with ${items.toLocaleString('en')} items (${String(run.date)})`,
    '',
    `Command: \`${String(run.command)}\`. Machine: ${String(run.machine)}.`,
    '',
    '```json',
    JSON.stringify(run, null, 2),
    '```',
    '',
  ].join('\n');
}

main()
  .then(async (run) => {
    const file = path.join(repoRoot, `bench/runs/${String(run.date).slice(0, 10)}-catalog-ui.md`);
    await fs.writeFile(file, report(run));
    console.log(JSON.stringify(run, null, 2));
    step(`wrote ${path.relative(repoRoot, file)}`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    clearTimeout(deadline);
  });
