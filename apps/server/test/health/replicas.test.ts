import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { startCountingTarget, type CountingTarget } from './counting-target.ts';
import { startReplica, type Replica } from './engine-replica.ts';
import { call, startTestApp } from './health-harness.ts';

const canaryCount = 50;
const runForMs = 6000;

let app: TestApp;
let target: CountingTarget;
const replicas: Replica[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  app = await startTestApp();
  target = await startCountingTarget();
  const canaries = Array.from({ length: canaryCount }, (_, i) => ({
    name: `replica-${i}`,
    spec: { schedule: '@every 1s', http: [{ name: `c${i}`, url: `${target.url}/c${i}` }] },
  }));
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', canaries);
  expect(created.status).toBe(201);
  // Every first slot in the future, spread over one period: no catch-up runs at start.
  await app.database.db.pool.query(
    `update canaries set next_runtime = now() + interval '1 second' + random() * interval '1 second'`,
  );
});

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await target.close();
  await app.close();
});

interface Row {
  name: string;
  times: Date[];
}

describe('three health engines on one database', () => {
  it('share the work and never run one (check, slot) twice', async () => {
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const replica = startReplica(app.database.url);
      replicas.push(replica);
      replica.engine.start();
      await sleep(83);
    }
    await sleep(runForMs - (Date.now() - started));
    for (const replica of replicas) await replica.engine.stop();
    const stopped = Date.now();
    // Runs already started when the schedulers stopped finish and are written now.
    await sleep(500);
    for (const replica of replicas) await replica.engine.flush();

    const { rows } = await app.database.db.pool.query<Row>(
      `select k.name, array_agg(s.time order by s.time) as times
       from checks k join check_statuses s on s.check_id = k.id group by k.name`,
    );
    expect(rows).toHaveLength(canaryCount);
    const problems: string[] = [];
    for (const row of rows) {
      const times = row.times.map((t) => t.getTime());
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      const closest = Math.min(...gaps);
      if (closest < 800) problems.push(`${row.name}: two runs ${closest} ms apart`);
      // Slots are 1 s apart from the first; those due before the stop ran, one either way.
      const slots = Math.floor((stopped - (times[0] ?? stopped)) / 1000) + 1;
      if (Math.abs(times.length - slots) > 1) {
        problems.push(`${row.name}: ${times.length} runs for ${slots} slots`);
      }
      const requests = target.count(`/${row.name}`);
      if (requests !== times.length) {
        problems.push(`${row.name}: ${requests} requests but ${times.length} rows`);
      }
    }
    expect(problems).toEqual([]);
    expect(rows.every((row) => row.times.length >= 3)).toBe(true);

    const total = rows.reduce((sum, row) => sum + row.times.length, 0);
    const perReplica = await Promise.all(replicas.map((r) => r.runs()));
    expect(perReplica.reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(target.total()).toBe(total);
    for (const runs of perReplica) expect(runs).toBeGreaterThan(total / 20);
    const failures = await app.database.db.pool.query(
      `select count(*)::int as n from check_statuses where not status`,
    );
    expect(failures.rows[0]).toEqual({ n: 0 });
  }, 60_000);
});
