import { spawn } from 'node:child_process';
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
 * Playbook engine dispatch (docs/playbooks.md): 1,000 queued runs of a one-action no-op exec
 * playbook drained by one engine. Reports action dispatch latency (due → started, p50/p99),
 * runs/s, and the anchor: a bare `bash -c true` spawn, alone and at the same concurrency.
 */
const runs = Number(process.env.BENCH_PLAYBOOK_RUNS ?? 1000);
const concurrency = Number(process.env.BENCH_PLAYBOOK_CONCURRENCY ?? 16);
const handoffRuns = Number(process.env.BENCH_PLAYBOOK_HANDOFFS ?? 50);

function spawnOnce(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', 'true'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The anchor: `count` spawns, `parallel` at a time; answers per-spawn ms and spawns/s. */
async function anchor(count: number, parallel: number) {
  const times: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        times.push(await spawnOnce());
      }
    }),
  );
  return { p50: percentile(times, 50), perSecond: count / ((performance.now() - started) / 1000) };
}

const database = await createBenchDatabase(pino({ level: 'warn' }));
const db = createDatabase(database.url, 20);
try {
  const serial = await anchor(200, 1);
  const parallel = await anchor(runs, concurrency);
  const values = createValueResolver(undefined);
  const sealer = createSealer('bench-secret-key-'.repeat(4));
  const engine = createRunEngine(
    {
      db,
      log: pino({ level: 'warn' }),
      connections: createConnectionResolver(
        db,
        createSealer('bench-secret-key-'.repeat(4)),
        values,
      ),
      notify: sendThroughConnection,
      values,
      sealer,
      defaultActionTimeoutMs: 60_000,
    },
    { pollMs: 50, leaseMs: 30_000, concurrency, defaultRunTimeoutMs: 600_000 },
  );
  const spec = { actions: [{ name: 'noop', exec: { script: 'true' } }] };
  const found = await db.pool.query<{ id: string }>(
    `insert into playbooks (name, spec) values ('bench-noop', $1) returning id`,
    [JSON.stringify(spec)],
  );
  const playbookId = found.rows[0]?.id;
  const started = performance.now();
  await db.pool.query(
    `insert into playbook_runs (playbook_id, spec, status, parameters)
     select $1, $2, 'pending', '{}' from generate_series(1, $3)`,
    [playbookId, JSON.stringify(spec), runs],
  );
  engine.start();
  for (;;) {
    const left = await db.pool.query<{ n: string }>(
      `select count(*) as n from playbook_runs where status not in ('completed', 'failed')`,
    );
    if (Number(left.rows[0]?.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  // Dispatch with a free slot: one run at a time of a two-action playbook; the gap between
  // the first action's end and the second's start is the engine's own hand-off.
  const twoSpec = {
    actions: [
      { name: 'a', exec: { script: 'true' } },
      { name: 'b', exec: { script: 'true' } },
    ],
  };
  const two = await db.pool.query<{ id: string }>(
    `insert into playbooks (name, spec) values ('bench-two', $1) returning id`,
    [JSON.stringify(twoSpec)],
  );
  for (let i = 0; i < handoffRuns; i++) {
    const queued = await db.pool.query<{ id: string }>(
      `insert into playbook_runs (playbook_id, spec, status, parameters)
       values ($1, $2, 'pending', '{}') returning id`,
      [two.rows[0]?.id, JSON.stringify(twoSpec)],
    );
    engine.wake();
    for (;;) {
      const state = await db.pool.query<{ status: string }>(
        'select status from playbook_runs where id = $1',
        [queued.rows[0]?.id],
      );
      if (['completed', 'failed'].includes(state.rows[0]?.status ?? '')) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  await engine.stop();
  const gaps = await db.pool.query<{ ms: number }>(
    `select extract(epoch from b.start_time - a.end_time) * 1000 as ms
     from playbook_run_actions a join playbook_run_actions b
       on b.playbook_run_id = a.playbook_run_id and a.position = 0 and b.position = 1`,
  );
  const handoff = gaps.rows.map((row) => Number(row.ms));
  const stats = await db.pool.query<{ ms: number; status: string }>(
    `select extract(epoch from a.start_time - a.scheduled_time) * 1000 as ms, r.status
     from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
     join playbooks p on p.id = r.playbook_id where p.name = 'bench-noop'`,
  );
  const failed = stats.rows.filter((row) => row.status !== 'completed').length;
  const latency = stats.rows.map((row) => Number(row.ms));
  const perSecond = runs / seconds;
  console.log(
    `machine: ${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `anchor: bare spawn p50 ${serial.p50.toFixed(1)} ms; ${parallel.perSecond.toFixed(0)} spawns/s at ${concurrency} parallel`,
  );
  console.log(
    `engine: ${runs} runs (${failed} not completed) in ${seconds.toFixed(1)} s = ${perSecond.toFixed(0)} runs/s (${((perSecond / parallel.perSecond) * 100).toFixed(0)}% of bare spawns/s)`,
  );
  console.log(
    `dispatch with a free slot (action end → next action start, ${handoffRuns} runs): p50 ${percentile(handoff, 50).toFixed(1)} ms, p99 ${percentile(handoff, 99).toFixed(1)} ms (p50 ${(percentile(handoff, 50) / serial.p50).toFixed(2)}× a bare spawn)`,
  );
  console.log(
    `queue wait under load (due → started, ${runs} runs at once): p50 ${percentile(latency, 50).toFixed(0)} ms, p99 ${percentile(latency, 99).toFixed(0)} ms (p50 ${(percentile(latency, 50) / serial.p50).toFixed(1)}× a bare spawn)`,
  );
} finally {
  await db.close();
  await database.drop();
}
