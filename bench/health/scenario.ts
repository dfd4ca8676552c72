import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { stats } from '../measure.ts';
import { ApiClient } from './api-client.ts';
import { countCanaries, createCanaries, namespaces, probeWrites } from './canaries.ts';
import { createHealthBenchDatabase } from './database.ts';
import { counterDelta, runsInWindow, settle, tableCounters } from './db-stats.ts';
import { GcTrace } from './gc-trace.ts';
import { lateTimeline } from './late-seconds.ts';
import {
  eventLoopOf,
  latenessOf,
  latenessMetric,
  eventLoopMetric,
  scrapeDuring,
  scrapeMetrics,
} from './metrics-scrape.ts';
import type { BenchOptions } from './options.ts';
import { summariseProfile } from './profile-summary.ts';
import type { ScenarioResult } from './result.ts';
import { WindowSampler } from './sampler.ts';
import { admin, repoRoot, startServers } from './servers.ts';

type Cleanups = Array<() => Promise<unknown>>;

/** The commit the server ran from, and whether its sources had uncommitted changes. */
function serverCommit(): string {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', 'apps/server/src') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted server changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const step = (text: string): void => console.log(`bench: ${new Date().toISOString()} ${text}`);
const metricPrefixes = [latenessMetric, eventLoopMetric];

/** One scenario end to end: fresh database and processes, canaries, one measured window. */
export async function runScenario(o: BenchOptions, cleanups: Cleanups): Promise<ScenarioResult> {
  step(`scenario ${o.label}: ${o.checks} checks @every ${o.intervalText}, ${o.durationS} s`);
  const commit = serverCommit();
  const database = await createHealthBenchDatabase(o.embedded);
  cleanups.push(() => database.drop());
  const servers = await startServers(database.url, o, cleanups);
  const gc = new GcTrace();
  if (o.traceGc) servers.server.onLine((line) => gc.listen(line));
  step(`server pid ${servers.server.pid} at ${servers.baseUrl}; target pid ${servers.target.pid}`);
  const api = new ApiClient(servers.baseUrl);
  cleanups.push(async () => api.close());
  await api.signIn(admin.email, admin.password);
  const monitor = new pg.Client({ connectionString: database.url });
  await monitor.connect();
  monitor.on('error', (error) => step(`monitor connection lost: ${error.message}`));
  cleanups.push(() => monitor.end());

  const schedule = `@every ${o.intervalText}`;
  const url = servers.targetUrl;
  const createStart = performance.now();
  const deadline = Date.now() + o.createBudgetS * 1000;
  const acknowledged = await createCanaries(
    api,
    namespaces.load,
    o.checks,
    o.batch,
    schedule,
    url,
    deadline,
    (n, ms) => n % 2000 === 0 && step(`  ${n} created (last batch ${ms.toFixed(0)} ms)`),
  );
  // A batch that timed out may still commit: count what the database holds.
  const created =
    acknowledged === o.checks ? acknowledged : await countCanaries(monitor, namespaces.load);
  const targets = o.editTargets;
  await createCanaries(api, namespaces.edited, targets, o.batch, schedule, url, Infinity);
  const createSeconds = (performance.now() - createStart) / 1000;
  const edited = await monitor.query('select id from canaries where namespace = $1', [
    namespaces.edited,
  ]);
  const editIds = z
    .array(z.object({ id: z.string() }))
    .parse(edited.rows)
    .map((r) => r.id);
  step(`created ${created + targets} canaries in ${createSeconds.toFixed(1)} s; one period`);
  // Resets the event-loop histogram; its own pause is absorbed by the period that follows.
  await scrapeMetrics(servers.baseUrl, metricPrefixes);
  await sleep(o.intervalMs + 2000);

  step(`measuring for ${o.durationS} s`);
  const sampler = new WindowSampler(servers.server.pid, servers.target.pid, monitor);
  const from = new Date();
  const until = from.getTime() + o.durationS * 1000;
  await sampler.start();
  const before = await tableCounters(monitor);
  const scrapesDuring =
    o.scrapeEveryMs > 0 ? scrapeDuring(servers.baseUrl, o.scrapeEveryMs, until) : [];
  const probes =
    o.probeEveryMs > 0
      ? await probeWrites(api, editIds, schedule, url, o.probeEveryMs, until)
      : { add: [], edit: [], failures: [] };
  await sleep(Math.max(0, until - Date.now()));
  const scrapeTimes = await scrapesDuring;
  const after = await tableCounters(monitor);
  const usage = await sampler.stop();
  const to = new Date();
  const scrape = await scrapeMetrics(servers.baseUrl, metricPrefixes);
  const settled = await settle(monitor, from, to);
  const runs = await runsInWindow(monitor, from, to, o.intervalMs);
  const timeline = await lateTimeline(monitor, from, to, o.intervalMs);
  const rows = counterDelta(before, after);
  const version = await monitor.query<{ v: string }>('select version() as v');

  let profile;
  if (servers.profileDir) {
    step('stopping the server to write its CPU profile');
    await servers.server.stop(60_000);
    const window = { from: from.getTime(), to: to.getTime(), exitedAt: Date.now() };
    profile = await summariseProfile(servers.profileDir, 25, window);
    const kept = path.join(os.tmpdir(), `vigil-health-${o.label}.cpuprofile`);
    await fs.copyFile(path.join(servers.profileDir, profile.file), kept);
    step(`server profile kept at ${kept}`);
  }
  if (servers.server.notable.length > 0) {
    step(`server warnings:\n${servers.server.notable.slice(0, 10).join('\n')}`);
  }
  const seconds = (to.getTime() - from.getTime()) / 1000;
  const expected = Math.round((created * seconds * 1000) / o.intervalMs);
  // A writer minutes behind has not stored the window's runs yet: count what it wrote instead.
  const written = rows.byTable.check_statuses ?? 0;
  const lagging = !settled || runs.runs === 0;
  const completed = lagging ? written : runs.runs;
  const lateness = latenessOf(scrape);
  const add = { ...stats(probes.add), count: probes.add.length };
  const edit = { ...stats(probes.edit), count: probes.edit.length };
  return {
    summary: {
      label: o.label,
      date: from.toISOString(),
      checks: o.checks,
      created,
      intervalS: o.intervalMs / 1000,
      rate: (o.checks * 1000) / o.intervalMs,
      windowS: Math.round(seconds),
      runs: completed,
      expected,
      writerLagging: lagging,
      failed: runs.failed,
      perSecond: completed / seconds,
      latenessMetric: { p50: lateness.p50, p99: lateness.p99 },
      latenessWindow: { p50: runs.lateness.p50, p99: runs.lateness.p99 },
      latenessWindowValid: !lagging && runs.wrapped <= runs.runs * 0.001,
      serverCores: usage.server.cores,
      cpuMsPerCheck: (usage.server.cpuSeconds * 1000) / Math.max(1, completed),
      rssMedianMB: usage.rssBytes.median / 1024 / 1024,
      rssMaxMB: usage.rssBytes.max / 1024 / 1024,
      postgresCores: usage.postgresBench.cores,
      machineCores: usage.machine.cores,
      statusRowsPerSecond: (rows.byTable.check_statuses ?? 0) / usage.seconds,
      tuplesPerSecond: (rows.inserted + rows.updated + rows.deleted) / usage.seconds,
      addP95: add.p95,
      editP95: edit.p95,
      probes: probes.add.length,
      profiled: o.profile,
    },
    details: {
      command: o.command,
      machine: {
        nproc: os.availableParallelism(),
        cpu: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        postgres:
          /PostgreSQL ([\d.]+)/.exec(version.rows[0]?.v ?? '')?.[1] ?? database.serverVersion,
      },
      database: database.source,
      commit,
      createSeconds,
      createBudgetS: o.createBudgetS,
      usage,
      latenessMetric: lateness,
      latenessWindow: {
        ...runs.lateness,
        max: runs.latenessMax,
        early: runs.early,
        earlyMax: runs.earlyMax,
      },
      durationMs: { p50: runs.durationP50, p99: runs.durationP99 },
      errors: runs.errors,
      lateTimeline: timeline,
      ...(o.traceGc ? { gc: gc.summarise(from.getTime(), to.getTime()) } : {}),
      rows,
      add,
      edit,
      writeFailures: probes.failures,
      scrape: { ms: scrape.ms, bytes: scrape.bytes },
      scrapesDuring: { everyS: o.scrapeEveryMs / 1000, ms: scrapeTimes },
      eventLoopMs: eventLoopOf(scrape),
      serverWarnings: servers.server.notable.slice(0, 10),
      ...(profile ? { profile } : {}),
    },
  };
}
