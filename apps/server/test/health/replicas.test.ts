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
    name: `c${i}`,
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

/** Each canary's stored next slot (ms), as every replica reads it. */
async function nextRuntimes(): Promise<Map<string, number>> {
  const { rows } = await app.database.db.pool.query<{ name: string; next_runtime: Date }>(
    `select name, next_runtime from canaries where deleted_at is null`,
  );
  return new Map(rows.map((row) => [row.name, row.next_runtime.getTime()]));
}

interface Row {
  name: string;
  times: Date[];
}

describe('three health engines on one database', () => {
  it('share the work and never run one (check, slot) twice', async () => {
    const initial = await nextRuntimes();
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const replica = startReplica(app.database.url);
      replicas.push(replica);
      replica.engine.start();
      await sleep(83);
    }
    await sleep(runForMs - (Date.now() - started));
    // stop() lets runs in flight finish and writes their results.
    await Promise.all(replicas.map((replica) => replica.engine.stop()));
    for (const replica of replicas) await replica.engine.flush();
    const final = await nextRuntimes();

    const { rows } = await app.database.db.pool.query<Row>(
      `select k.name, array_agg(s.time order by s.time) as times
       from checks k join check_statuses s on s.check_id = k.id group by k.name`,
    );
    expect(rows).toHaveLength(canaryCount);
    const problems: string[] = [];
    const allGaps: number[] = [];
    for (const row of rows) {
      const times = row.times.map((t) => t.getTime());
      // Each claim moves next_runtime one period on; a slot given up at stop ran no check.
      const claims = ((final.get(row.name) ?? 0) - (initial.get(row.name) ?? 0)) / 1000;
      if (!Number.isInteger(claims) || times.length > claims || times.length < claims - 1) {
        problems.push(`${row.name}: ${times.length} runs for ${claims} claimed slots`);
      }
      // Slots are 1 s apart, but a run whose claim came late (a loaded machine) starts late,
      // up to a period; two runs of one slot would be milliseconds apart.
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      allGaps.push(...gaps);
      const closest = Math.min(...gaps);
      if (closest < 100) {
        const offsets = times.map((t) => t - started).join(', ');
        problems.push(`${row.name}: two runs ${closest} ms apart (at ${offsets} ms)`);
      }
      const requests = target.count(`/${row.name}`);
      if (requests !== times.length) {
        problems.push(`${row.name}: ${requests} requests but ${times.length} rows`);
      }
      if (times.length < 3) problems.push(`${row.name}: only ${times.length} runs`);
    }
    expect(problems).toEqual([]);
    const median = allGaps.sort((a, b) => a - b)[Math.floor(allGaps.length / 2)];
    expect(median).toBeGreaterThan(950);
    expect(median).toBeLessThan(1050);

    const total = rows.reduce((sum, row) => sum + row.times.length, 0);
    const expected = canaryCount * (runForMs / 1000 - 1.5);
    expect(total).toBeGreaterThan(expected - canaryCount * 1.5);
    expect(total).toBeLessThan(expected + canaryCount * 1.5);
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
