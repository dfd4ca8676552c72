import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSendHistoryRetention } from '../../src/modules/notifications/send-history-retention.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('notification send history retention', () => {
  it('deletes attempts older than 30 days and records the run in job history', async () => {
    const pool = database.db.pool;
    const created = await pool.query<{ id: string }>(
      `insert into notifications (name, events, template) values ('retention', '{check.failed}', 'x')
       returning id`,
    );
    const notification = created.rows[0]?.id;
    for (const [status, days] of [
      ['sent', 31],
      ['failed', 90],
      ['sent', 29],
      ['failed', 0],
    ] as const) {
      await pool.query(
        `insert into notification_send_history (notification_id, status, created_at)
         values ($1, $2, now() - make_interval(days => $3))`,
        [notification, status, days],
      );
    }
    expect(await runSendHistoryRetention(database.db, Date.now())).toBe(2);
    const left = await pool.query<{ days: number }>(
      `select extract(day from now() - created_at)::int as days
       from notification_send_history order by created_at`,
    );
    expect(left.rows.map((row) => row.days)).toEqual([29, 0]);
    const runs = await pool.query(
      `select success_count, details from job_history
       where name = 'NotificationSendHistoryRetention' and status = 'SUCCESS'`,
    );
    expect(runs.rows).toEqual([{ success_count: 2, details: { summary: { deleted: 2 } } }]);
  });

  it('leaves a run to the replica that holds the lock', async () => {
    const holder = await database.db.pool.connect();
    try {
      await holder.query(`select pg_advisory_lock($1)`, [0x76_6e_73_68]);
      expect(await runSendHistoryRetention(database.db, Date.now())).toBeUndefined();
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
  });
});
