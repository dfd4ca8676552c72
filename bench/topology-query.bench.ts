import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { findComponentEntries } from '../apps/server/src/modules/topology/query/topology-query.repository.ts';
import { queryTopology } from '../apps/server/src/modules/topology/query/topology-query.service.ts';
import { topologyQuerySchema } from '@vigil/domain';
import { createBenchDatabase } from './database.ts';
import { startInProcessApi } from './in-process-api.ts';
import { stats, type Stats } from './measure.ts';
import { signInViewer } from './session.ts';
import { seedTree } from './topology/seed-tree.ts';

/**
 * Issue #24: `GET /api/topology` on 2,000 components over 5 levels, median ≤ 100 ms. The tree
 * fans out 2 → 10 → 50 → 300 → 1,800 (2,162 components); every leaf has a check, every
 * level-3 component a config with an open insight, properties and labels like a real spec's.
 */
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const goalMs = 100;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(baseUrl: string, path: string, cookie: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { agent, headers: { cookie, origin: baseUrl } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function measure(run: () => Promise<{ status: number; bytes: number }>) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const answer = await run();
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
    bytes = answer.bytes;
  }
  return { stats: stats(times), bytes };
}

const log = pino({ level: 'warn' });
const cleanups: Array<() => Promise<unknown>> = [];
try {
  const database = await createBenchDatabase(log);
  cleanups.push(() => database.drop());
  const seeder = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => seeder.end());
  const seedStarted = performance.now();
  const { total, firstRoot } = await seedTree(seeder);
  const seedMs = performance.now() - seedStarted;
  const db = createDatabase(database.url, 20);
  cleanups.push(() => db.close());
  const api = await startInProcessApi(db);
  cleanups.push(() => api.close());
  const baseUrl = api.baseUrl;
  const cookie = await signInViewer(db);
  const cases: Array<{ name: string; path: string; goal?: number }> = [
    { name: 'GET /api/topology (the whole dashboard)', path: '/api/topology', goal: goalMs },
    {
      name: 'GET /api/topology?id= (one root, 1,081 below)',
      path: `/api/topology?id=${firstRoot}`,
    },
    { name: 'GET /api/topology?labels=zone=z1', path: '/api/topology?labels=zone%3Dz1' },
    {
      name: 'GET /api/topology?type=Pod&flatten=true',
      path: '/api/topology?type=Pod&flatten=true',
    },
  ];
  const results: Array<{ name: string; stats: Stats; bytes: number; goal?: number }> = [];
  for (const c of cases) {
    const result = await measure(() => get(baseUrl, c.path, cookie));
    results.push({ name: c.name, ...result, goal: c.goal });
  }
  // Where a whole-dashboard request goes: the statement and its rows, then the answer's text.
  const stage = async (name: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return { name, stats: stats(times) };
  };
  const whole = topologyQuerySchema.parse({});
  const stages = [
    await stage('findComponentEntries (SQL and row parsing)', () =>
      findComponentEntries(db.pool, { showHidden: false }),
    ),
    await stage('queryTopology (rows, counts, tree, sort, JSON text)', () =>
      queryTopology(db, whole),
    ),
  ];
  const load = os.loadavg().map((n) => n.toFixed(1));
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: database.source,
        postgres: database.serverVersion,
        node: process.version,
        cpus: os.cpus().length,
        loadAverage: load,
        components: total,
        seedMs: Math.round(seedMs),
        iterations,
        results: results.map((r) => ({
          name: r.name,
          medianMs: Number(r.stats.median.toFixed(1)),
          p95Ms: Number(r.stats.p95.toFixed(1)),
          minMs: Number(r.stats.min.toFixed(1)),
          bytes: r.bytes,
          ...(r.goal
            ? { goalMs: r.goal, ratio: Number((r.stats.median / r.goal).toFixed(2)) }
            : {}),
        })),
        stages: stages.map((r) => ({
          name: r.name,
          medianMs: Number(r.stats.median.toFixed(1)),
          minMs: Number(r.stats.min.toFixed(1)),
        })),
      },
      null,
      2,
    ),
  );
} finally {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
  agent.destroy();
}
