import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { createRegistry } from '../apps/server/src/data-api/registry.ts';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';
import { startInProcessApi } from './in-process-api.ts';
import { closeHttpClient, useSessionCookie } from './http-client.ts';
import { signInViewer } from './session.ts';
import { explainCompiled, sameBody } from './checks.ts';
import { measureFloor, measureKind, warmUp, type KindResult } from './measure.ts';
import { lookupPath, queryKinds } from './queries.ts';
import { evaluateGoals, resultTable, writeResults, type BenchSummary } from './report.ts';
import { seed } from './seed.ts';
import { measureThroughput } from './throughput.ts';

const settings = {
  items: positive('BENCH_ITEMS', 100_000),
  iterations: positive('BENCH_ITERATIONS', 200),
  seconds: positive('BENCH_SECONDS', 10),
  connections: 32,
  /** The server's default VIGIL_DB_POOL_SIZE, for the app and the direct pool alike. */
  poolSize: 20,
  deadlineMinutes: 20,
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

async function main(): Promise<BenchSummary> {
  const log = pino({ level: 'warn' });
  const step = (text: string): void => console.log(`bench: ${text}`);
  step('starting PostgreSQL and migrating a fresh database');
  const database = await createBenchDatabase(log);
  cleanups.push(() => database.drop());
  step(`seeding ${settings.items} config items`);
  // Seeding gets its own connections: sessions that ran the bulk load answer the same
  // queries about twice as slowly afterwards, which a serving pool never goes through.
  const seeder = new pg.Pool({ connectionString: database.url, max: 4 });
  const counts = await seed(seeder, settings.items).finally(() => seeder.end());
  const db = createDatabase(database.url, settings.poolSize);
  cleanups.push(() => db.close());
  step(`seeded in ${counts.seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);

  const api = await startInProcessApi(db);
  cleanups.push(() => api.close());
  cleanups.push(async () => closeHttpClient());
  const baseUrl = api.baseUrl;

  const cookie = await signInViewer(db);
  useSessionCookie(cookie);
  const direct = new pg.Pool({ connectionString: database.url, max: settings.poolSize });
  cleanups.push(() => direct.end());
  const ids = await direct.query<{ id: string }>(
    'select id from config_items where deleted_at is null order by md5(id::text) limit 500',
  );
  const registry = await createRegistry(
    direct,
    api.modules.dataApi.declared.resources,
    api.modules.dataApi.declared.functions,
    new Map(),
  );
  const kinds = queryKinds(
    registry,
    ids.rows.map((row) => row.id),
  );
  for (const kind of kinds) await sameBody(kind.make(0), baseUrl, direct);

  step('warming up');
  await warmUp(kinds, baseUrl, direct, 30);
  const queries: KindResult[] = [];
  for (const kind of kinds) {
    step(`measuring ${kind.label}`);
    queries.push(await measureKind(kind, baseUrl, direct, settings.iterations));
  }
  const floor = await measureFloor(baseUrl, direct, settings.iterations);
  const plans: Record<string, string> = {};
  for (const kind of kinds) plans[kind.name] = await explainCompiled(direct, kind.make(0));

  step(`throughput: lookup by id, ${settings.connections} connections, ${settings.seconds} s`);
  const throughput = await measureThroughput(
    baseUrl,
    lookupPath('{id}'),
    ids.rows.map((row) => row.id),
    settings.connections,
    settings.seconds,
    cookie,
  );

  return {
    date: new Date().toISOString(),
    command: `${database.source === 'DATABASE_URL' ? 'DATABASE_URL=… ' : ''}npm run bench`,
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      postgres: database.serverVersion,
    },
    database: database.source,
    seed: counts,
    queries,
    floor,
    throughput,
    goals: evaluateGoals(queries),
    plans,
  };
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

try {
  const summary = await main();
  console.log(`\n${resultTable(summary)}\n`);
  console.log(JSON.stringify({ ...summary, plans: undefined }));
  await writeResults(fileURLToPath(new URL('./runs/data-api.md', import.meta.url)), summary);
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
