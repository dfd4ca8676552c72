import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { defaultHealthSettings } from '../apps/server/src/modules/health/health.module.ts';
import { createBenchDatabase } from './database.ts';
import { startInProcessApi } from './in-process-api.ts';
import { closeHttpClient, useSessionCookie } from './http-client.ts';
import { signInViewer } from './session.ts';
import { verifyConsistency } from './health/summary-consistency.ts';
import { explainRange, type Explained } from './health/summary-explain.ts';
import { measureRange, type RangeTiming } from './health/summary-measure.ts';
import { timelineAt } from './health/summary-profile.ts';
import { goalRanges, timedRanges } from './health/summary-ranges.ts';
import {
  goalLine,
  resultTable,
  writeSummaryResults,
  type SummaryBench,
} from './health/summary-report.ts';
import { seederPool, seedHistory, settle } from './health/summary-seed.ts';
import { topUp } from './health/summary-topup.ts';
import { verifyAnswers } from './health/summary-verify.ts';

const settings = {
  canaries: positive('BENCH_HEALTH_CANARIES', 50),
  checksPerCanary: positive('BENCH_HEALTH_CHECKS_PER_CANARY', 100),
  hoursPerBatch: 4,
  iterations: positive('BENCH_ITERATIONS', 30),
  warmUps: 3,
  /** The server's default VIGIL_DB_POOL_SIZE. */
  poolSize: 20,
  deadlineMinutes: 60,
};

const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('bench: clean-up step failed', error));
  }
}
const deadline = setTimeout(() => {
  console.error(`bench: still running after ${settings.deadlineMinutes} min; stopping`);
  void cleanUp().finally(() => process.exit(2));
}, settings.deadlineMinutes * 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
const step = (text: string): void => console.log(`bench: ${text}`);

async function main(): Promise<SummaryBench> {
  step('starting PostgreSQL and migrating a fresh database');
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  const t = timelineAt(Date.now());
  const checks = settings.canaries * settings.checksPerCanary;
  step(`seeding ${checks} checks: 90 days of rollups, 7 days of raw statuses`);
  // The bulk load gets its own connections, as in the data-API benchmark.
  const seeder = await seederPool(database.url);
  const seeded = await seedHistory(seeder, t, settings, step).finally(() => seeder.end());
  step(`seeded in ${seeded.counts.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`);
  const db = createDatabase(database.url, settings.poolSize);
  cleanups.push(() => db.close());
  let writtenUntil = Date.now();
  const engineWritten = await topUp(db, seeded.profiles, t, t.anchor, writtenUntil);
  step(`the engine's writer added ${engineWritten} runs since the seed's anchor; vacuum analyze`);
  const counts = await settle(db.pool, seeded.counts);
  step(`vacuum analyze took ${counts.vacuumSeconds.toFixed(0)} s; checking the seeded history`);
  const verdicts = await verifyConsistency(db.pool, t.rawSince);

  const api = await startInProcessApi(db, {
    // Each request computes its answer: sharing answers between dashboards is not timed here.
    health: { ...defaultHealthSettings, summaryFreshMs: 0 },
  });
  cleanups.push(() => api.close());
  cleanups.push(async () => closeHttpClient());
  const baseUrl = api.baseUrl;
  useSessionCookie(await signInViewer(db));

  const catchUp = async (): Promise<number> => {
    const until = Date.now();
    const written = await topUp(db, seeded.profiles, t, writtenUntil, until);
    writtenUntil = until;
    return written;
  };
  await catchUp();
  verdicts.push(...(await verifyAnswers(db, baseUrl, seeded.profiles, t, writtenUntil)));
  for (const v of verdicts) step(`${v.ok ? 'ok' : 'FAILED'}: ${v.name}: ${v.detail}`);

  const loadAtStart = os.loadavg()[0] ?? 0;
  const ranges: RangeTiming[] = [];
  for (const range of timedRanges) {
    await catchUp();
    step(`timing timeRange=${range}`);
    ranges.push(
      await measureRange(range, baseUrl, db, settings.iterations, settings.warmUps, catchUp),
    );
  }
  const loadAtEnd = os.loadavg()[0] ?? 0;
  const plans = await explainPlans(db, ranges);
  return {
    date: new Date().toISOString(),
    command: `${database.source === 'DATABASE_URL' ? 'DATABASE_URL=… ' : ''}npm run bench:health-summary`,
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      postgres: database.serverVersion,
      load: [loadAtStart, loadAtEnd],
    },
    database: database.source,
    seed: { ...counts, engineWritten },
    ranges,
    plans,
    verdicts,
  };
}

/** One plan per statement shape: the exact path (1h) and the rollup path (30d), plus the slowest. */
async function explainPlans(
  db: Parameters<typeof explainRange>[0],
  ranges: readonly RangeTiming[],
): Promise<Explained[]> {
  const slowest = [...ranges].sort((a, b) => b.http.median - a.http.median)[0]?.range;
  const wanted = new Set<string>([...goalRanges, ...(slowest ? [slowest] : [])]);
  const plans: Explained[] = [];
  for (const range of wanted) plans.push(await explainRange(db, range));
  return plans;
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

try {
  const summary = await main();
  console.log(`\n${resultTable(summary)}\n\n${goalLine(summary)}\n`);
  await writeSummaryResults(
    fileURLToPath(new URL('./runs/health-summary.md', import.meta.url)),
    summary,
  );
  if (summary.verdicts.some((v) => !v.ok)) process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
