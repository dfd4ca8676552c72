import pg from 'pg';
import { engineStartSlack } from '../../src/modules/health/engine/start-slack.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingTarget, type CountingTarget } from './counting-target.ts';
import { countRunsOf, startReplica, type Replica } from './engine-replica.ts';
import { eventually } from './health-harness.ts';
import {
  insertCanaries,
  startRestartablePostgres,
  type RestartablePostgres,
} from './restartable-postgres.ts';

const canaryCount = 10;
const outageMs = 3000;
/** A run may start this far ahead of its slot (the start slack), plus timer jitter. */
const earliestMs = engineStartSlack.maxMs + 50;

let database: RestartablePostgres;
let target: CountingTarget;
let replica: Replica | undefined;
let downAt = 0;
let upAt = 0;
const escaped: string[] = [];
const onRejection = (reason: unknown): void =>
  void escaped.push(`unhandled rejection: ${text(reason)}`);
const onException = (error: unknown): void =>
  void escaped.push(`uncaught exception: ${text(error)}`);

function text(error: unknown): string {
  return error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const names = Array.from({ length: canaryCount }, (_, i) => `r${i}`);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  database = await startRestartablePostgres();
  target = await startCountingTarget();
  await insertCanaries(
    database.url,
    names.map((name) => ({
      name,
      spec: { schedule: '@every 1s', http: [{ name, url: `${target.url}/${name}` }] },
    })),
  );
}, 120_000);

afterAll(async () => {
  await replica?.close();
  await database?.destroy();
  await target?.close();
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
}, 60_000);

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('a health engine whose database restarts', () => {
  it('runs checks while the database is up', async () => {
    replica = startReplica(database.url);
    replica.engine.start();
    await sleep(2500);
    expect(target.total()).toBeGreaterThanOrEqual(canaryCount);
  });

  it('keeps running claimed slots when the database stops in the middle of a batch write', async () => {
    // Hold the checks' rows so that the engine's next batch write waits, then stop the database.
    const locker = new pg.Client({ connectionString: database.url, application_name: 'locker' });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from checks for update');
    await eventually(
      async () => {
        const blocked = await locker.query(
          `select 1 from pg_stat_activity where application_name = 'vigil' and wait_event_type = 'Lock'`,
        );
        return blocked.rowCount ? true : undefined;
      },
      10_000,
      'a batch write waiting for the lock',
    );
    // Every slot before a canary's stored next_runtime has been claimed by the engine.
    const stored = await locker.query<{ name: string; next_runtime: Date }>(
      `select name, next_runtime from canaries`,
    );
    downAt = Date.now();
    await database.stop();
    await sleep(outageMs);
    await locker.end().catch(() => undefined);
    const claimed = stored.rows
      .map((row) => ({ name: row.name, slot: row.next_runtime.getTime() - 1000 }))
      .filter(({ slot }) => slot > downAt);
    const missed = claimed
      .filter(({ name, slot }) => {
        const times = target.requests.get(`/${name}`) ?? [];
        return !times.some((t) => t >= slot - earliestMs && t < slot + 1000);
      })
      .map(({ name }) => name);
    expect({ claimed: claimed.length > 0, missed }).toEqual({ claimed: true, missed: [] });
  }, 30_000);

  it('claims and runs again after a restart, writing every run exactly once', async () => {
    await database.start();
    upAt = Date.now();
    await sleep(3500);
    const engine = replica?.engine;
    const registry = replica?.registry;
    if (!engine || !registry) throw new Error('the engine did not start');
    await engine.stop();
    await sleep(500);
    await engine.flush();

    const rows = await query<{ name: string; times: Date[]; distinct: number }>(
      `select k.name, array_agg(s.time order by s.time) as times,
              count(distinct s.time)::int as distinct
       from checks k join check_statuses s on s.check_id = k.id group by k.name order by k.name`,
    );
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
    const problems: string[] = [];
    for (const row of rows) {
      const times = row.times.map((t) => t.getTime());
      const runs = await countRunsOf(registry, row.name);
      const requests = target.count(`/${row.name}`);
      if (row.distinct !== times.length) problems.push(`${row.name}: duplicate rows`);
      if (runs !== times.length || requests !== runs) {
        problems.push(`${row.name}: ${requests} requests, ${runs} runs, ${times.length} rows`);
      }
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
      // A late claim starts its run late; two runs of one slot would be milliseconds apart.
      if (Math.min(...gaps) < 100) problems.push(`${row.name}: two runs < 100 ms apart`);
      if (!times.some((t) => t > upAt)) problems.push(`${row.name}: no run after the restart`);
    }
    expect(problems).toEqual([]);
    const [jobs] = await query<{ n: number }>(
      `select count(*)::int as n from job_history where name = 'Canary'`,
    );
    const total = rows.reduce((sum, row) => sum + row.times.length, 0);
    expect(jobs?.n).toBe(total);
  }, 60_000);

  it('lets no error escape the scheduler or the writer', () => {
    expect(escaped).toEqual([]);
  });
});
