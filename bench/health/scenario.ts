import os from 'node:os';
import pg from 'pg';
import { z } from 'zod';
import { stats } from '../measure.ts';
import { ApiClient } from './api-client.ts';
import { createCanaries, namespaces, probeWrites } from './canaries.ts';
import { createHealthBenchDatabase } from './database.ts';
import { counterDelta, runsInWindow, tableCounters } from './db-stats.ts';
import {
  eventLoopOf,
  latenessOf,
  latenessMetric,
  eventLoopMetric,
  scrapeMetrics,
} from './metrics-scrape.ts';
import type { BenchOptions } from './options.ts';
import { summariseProfile } from './profile-summary.ts';
import type { ScenarioResult } from './result.ts';
import { WindowSampler } from './sampler.ts';
import { admin, startServers } from './servers.ts';

type Cleanups = Array<() => Promise<unknown>>;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const step = (text: string): void => console.log(`bench: ${new Date().toISOString()} ${text}`);
const metricPrefixes = [latenessMetric, eventLoopMetric];

/** One scenario end to end: fresh database and processes, canaries, one measured window. */
export async function runScenario(o: BenchOptions, cleanups: Cleanups): Promise<ScenarioResult> {
  step(`scenario ${o.label}: ${o.checks} checks @every ${o.intervalText}, ${o.durationS} s`);
  const database = await createHealthBenchDatabase(o.embedded);
  cleanups.push(() => database.drop());
  const servers = await startServers(database.url, o.profile, cleanups);
  step(`server pid ${servers.server.pid} at ${servers.baseUrl}; target pid ${servers.target.pid}`);
  const api = new ApiClient(servers.baseUrl);
  cleanups.push(async () => api.close());
  await api.signIn(admin.email, admin.password);
  const monitor = new pg.Client({ connectionString: database.url });
  await monitor.connect();
  cleanups.push(() => monitor.end());

  const schedule = `@every ${o.intervalText}`;
  const url = servers.targetUrl;
  const createStart = performance.now();
  await createCanaries(api, namespaces.load, o.checks, o.batch, schedule, url);
  await createCanaries(api, namespaces.edited, o.editTargets, o.batch, schedule, url);
  const createSeconds = (performance.now() - createStart) / 1000;
  const edited = await monitor.query('select id from canaries where namespace = $1', [
    namespaces.edited,
  ]);
  const editIds = z
    .array(z.object({ id: z.string() }))
    .parse(edited.rows)
    .map((r) => r.id);
  step(`created ${o.checks + o.editTargets} canaries in ${createSeconds.toFixed(1)} s; one period`);
  await sleep(o.intervalMs + 1000);
  await scrapeMetrics(servers.baseUrl, metricPrefixes);
  await sleep(3000);

  step(`measuring for ${o.durationS} s`);
  const sampler = new WindowSampler(servers.server.pid, servers.target.pid, monitor);
  const from = new Date();
  const until = from.getTime() + o.durationS * 1000;
  await sampler.start();
  const before = await tableCounters(monitor);
  const probes = await probeWrites(api, editIds, schedule, url, o.probeEveryMs, until);
  await sleep(Math.max(0, until - Date.now()));
  const after = await tableCounters(monitor);
  const usage = await sampler.stop();
  const to = new Date();
  const scrape = await scrapeMetrics(servers.baseUrl, metricPrefixes);
  await sleep(2500);
  const runs = await runsInWindow(monitor, from, to, o.intervalMs);
  const rows = counterDelta(before, after);
  const version = await monitor.query<{ v: string }>('select version() as v');

  let profile;
  if (servers.profileDir) {
    step('stopping the server to write its CPU profile');
    await servers.server.stop(60_000);
    profile = await summariseProfile(servers.profileDir, 25);
  }
  if (servers.server.notable.length > 0) {
    step(`server warnings:\n${servers.server.notable.slice(0, 10).join('\n')}`);
  }
  const seconds = (to.getTime() - from.getTime()) / 1000;
  const expected = Math.round((o.checks * seconds * 1000) / o.intervalMs);
  const lateness = latenessOf(scrape);
  const add = { ...stats(probes.add), count: probes.add.length };
  const edit = { ...stats(probes.edit), count: probes.edit.length };
  return {
    summary: {
      label: o.label,
      date: from.toISOString(),
      checks: o.checks,
      intervalS: o.intervalMs / 1000,
      rate: (o.checks * 1000) / o.intervalMs,
      windowS: Math.round(seconds),
      runs: runs.runs,
      expected,
      failed: runs.failed,
      perSecond: runs.runs / seconds,
      latenessMetric: { p50: lateness.p50, p99: lateness.p99 },
      latenessWindow: { p50: runs.lateness.p50, p99: runs.lateness.p99 },
      serverCores: usage.server.cores,
      cpuMsPerCheck: (usage.server.cpuSeconds * 1000) / Math.max(1, runs.runs),
      rssMedianMB: usage.rssBytes.median / 1024 / 1024,
      rssMaxMB: usage.rssBytes.max / 1024 / 1024,
      postgresCores: usage.postgresBench.cores,
      machineCores: usage.machine.cores,
      statusRowsPerSecond: (rows.byTable.check_statuses ?? 0) / usage.seconds,
      tuplesPerSecond: (rows.inserted + rows.updated + rows.deleted) / usage.seconds,
      addP95: add.p95,
      editP95: edit.p95,
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
      createSeconds,
      usage,
      latenessMetric: lateness,
      latenessWindow: { ...runs.lateness, max: runs.latenessMax },
      durationMs: { p50: runs.durationP50, p99: runs.durationP99 },
      errors: runs.errors,
      rows,
      add,
      edit,
      writeFailures: probes.failures,
      scrape: { ms: scrape.ms, bytes: scrape.bytes },
      eventLoopMs: eventLoopOf(scrape),
      serverWarnings: servers.server.notable.slice(0, 10),
      ...(profile ? { profile } : {}),
    },
  };
}
