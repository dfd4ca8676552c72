import http from 'node:http';
import os from 'node:os';
import { pino } from 'pino';
import { createConnectionResolver } from '../apps/server/src/modules/connections/connections.module.ts';
import { sendThroughConnection } from '../apps/server/src/modules/notifications/index.ts';
import { createRunEngine } from '../apps/server/src/modules/playbooks/engine/run-engine.ts';
import { createSealer } from '../apps/server/src/platform/crypto.ts';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createValueResolver } from '../apps/server/src/platform/values/values.ts';
import { createBenchDatabase } from './database.ts';

/**
 * Issue #26 Performance: queued runs of an http playbook (BENCH_PLAYBOOK_ACTIONS actions, each
 * a POST to a local target) drained by one engine, end to end: queued → every run completed.
 * Goal ≥ 100 runs/s. Anchor: the same requests sent straight from Node at the same concurrency.
 */
const runs = Number(process.env.BENCH_PLAYBOOK_RUNS ?? 1000);
const actions = Number(process.env.BENCH_PLAYBOOK_ACTIONS ?? 1);
const concurrency = Number(process.env.BENCH_PLAYBOOK_CONCURRENCY ?? 16);

const target = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('{"ok":true}'));
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const address = target.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;

/** The anchor: `count` POSTs, `parallel` at a time, straight from this process. */
async function anchor(count: number, parallel: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        await (await fetch(url, { method: 'POST', body: 'x' })).text();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const database = await createBenchDatabase(pino({ level: 'warn' }));
const db = createDatabase(database.url, 20);
try {
  const requestsPerSecond = await anchor(runs * actions, concurrency);
  const values = createValueResolver(undefined);
  const sealer = createSealer('bench-secret-key-'.repeat(4));
  const engine = createRunEngine(
    {
      db,
      log: pino({ level: 'warn' }),
      connections: createConnectionResolver(db, sealer, values),
      notify: sendThroughConnection,
      values,
      sealer,
      defaultActionTimeoutMs: 60_000,
    },
    { pollMs: 50, leaseMs: 30_000, concurrency, defaultRunTimeoutMs: 600_000 },
  );
  const spec = {
    actions: Array.from({ length: actions }, (_, i) => ({
      name: `post-${i}`,
      http: { url, method: 'POST', body: 'run {{.run.id}}' },
    })),
  };
  const found = await db.pool.query<{ id: string }>(
    `insert into playbooks (name, spec) values ('bench-http', $1) returning id`,
    [JSON.stringify(spec)],
  );
  await db.pool.query(
    `insert into playbook_runs (playbook_id, spec, status, parameters)
     select $1, $2, 'pending', '{}' from generate_series(1, $3)`,
    [found.rows[0]?.id, JSON.stringify(spec), runs],
  );
  const started = performance.now();
  engine.start();
  for (;;) {
    const left = await db.pool.query<{ n: string }>(
      `select count(*) as n from playbook_runs where status not in ('completed', 'failed')`,
    );
    if (Number(left.rows[0]?.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await engine.stop();
  const failed = await db.pool.query<{ n: string }>(
    `select count(*) as n from playbook_runs where status <> 'completed'`,
  );
  const perSecond = runs / seconds;
  console.log(
    `machine: ${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `anchor: ${requestsPerSecond.toFixed(0)} POSTs/s straight from Node at ${concurrency} parallel`,
  );
  console.log(
    `engine: ${runs} runs of ${actions} http action(s) (${failed.rows[0]?.n} not completed) in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} runs/s (goal ≥ 100: ${(perSecond / 100).toFixed(2)}×)`,
  );
} finally {
  await db.close();
  await database.drop();
  target.close();
}
