import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEventPurge } from '../../src/modules/events/event-purge.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { countRows } from './events-harness.ts';

const day = 86_400_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the event queue purge', () => {
  it('deletes events older than 30 days, failed or not, and records the run', async () => {
    const pool = database.db.pool;
    for (const [name, days, attempts] of [
      ['old.failed', 31, 10],
      ['old.pending', 45, 0],
      ['recent.failed', 29, 10],
      ['fresh', 0, 0],
    ] as const) {
      await pool.query(
        `insert into event_queue (name, attempts, error, created_at)
         values ($1, $2, case when $2 > 0 then 'down' end, now() - make_interval(days => $3))`,
        [name, attempts, days],
      );
    }
    const purged = await runEventPurge(database.db, 30 * day, Date.now());
    expect(purged).toBe(2);
    const left = await pool.query<{ name: string }>(`select name from event_queue order by name`);
    expect(left.rows.map((r) => r.name)).toEqual(['fresh', 'recent.failed']);
    expect(
      await countRows(
        pool,
        `select count(*) as n from job_history where name = 'EventQueuePurge' and status = 'SUCCESS'
           and success_count = 2`,
      ),
    ).toBe(1);
  });

  it('leaves a run to the replica that holds the lock', async () => {
    const holder = await database.db.pool.connect();
    try {
      await holder.query(`select pg_advisory_lock($1)`, [0x76_65_71_70]);
      expect(await runEventPurge(database.db, 30 * day, Date.now())).toBeUndefined();
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
  });
});
