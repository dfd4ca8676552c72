import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { defaultRetention, runRetention } from '../../src/modules/health/history/retention.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

let app: TestApp;
let checkId = '';
const day = 86_400_000;

async function count(text: string, values: unknown[] = []): Promise<number> {
  const found = await app.database.db.pool.query<{ n: string }>(text, values);
  return Number(found.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'kept',
    spec: { tcp: [{ name: 'port', endpoint: '127.0.0.1:1' }] },
  });
  const canaryId = createdId(created);
  const found = await app.database.db.pool.query<{ id: string }>(
    'select id from checks where canary_id = $1',
    [canaryId],
  );
  checkId = found.rows[0]?.id ?? '';
  const now = Date.now();
  const pool = app.database.db.pool;
  for (const age of [1, 20, 40, 200]) {
    const time = new Date(now - age * day);
    await pool.query(`select ensure_check_status_partitions($1::date, 1)`, [time]);
    await pool.query(
      `insert into check_statuses (check_id, time, duration, status) values ($1, $2, 5, true)`,
      [checkId, time],
    );
    await pool.query(
      `insert into check_statuses_1h (check_id, created_at, total) values ($1, $2, 1)`,
      [checkId, time],
    );
    await pool.query(
      `insert into check_statuses_1d (check_id, created_at, total) values ($1, $2, 1)`,
      [checkId, time],
    );
  }
  for (let i = 0; i < 120; i++) {
    await pool.query(
      `insert into job_history (name, resource_type, resource_id, status, created_at)
       values ('Canary', 'canary', $1, 'SUCCESS', $2)`,
      [canaryId, new Date(now - i * 60_000)],
    );
  }
  await pool.query(
    `insert into job_history (name, resource_type, resource_id, status, created_at)
     values ('Canary', 'canary', 'other', 'FAILED', $1)`,
    [new Date(now - 45 * day)],
  );
});

afterAll(() => app.close());

describe('health retention', () => {
  it('trims each tier past its retention, leaving canary runs to the jobs worker', async () => {
    const outcome = await runRetention(app.database.db, defaultRetention, Date.now());
    expect(outcome).toEqual({ partitionsCreated: expect.any(Number), raw: 2, hourly: 1, daily: 0 });
    expect(await count(`select count(*) as n from check_statuses`)).toBe(2);
    expect(await count(`select count(*) as n from check_statuses_1h`)).toBe(3);
    expect(await count(`select count(*) as n from check_statuses_1d`)).toBe(4);
    // One job trims job history: the jobs worker, 150 runs per canary (jobs/retention.test.ts).
    expect(await count(`select count(*) as n from job_history where name = 'Canary'`)).toBe(121);
    expect(
      await count(`select count(*) as n from job_history where name = 'HealthRetention'`),
    ).toBe(1);
  });

  it('creates the coming months partitions, so no row lands in the default partition', async () => {
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 2, 1);
    const name = `check_statuses_${next.getUTCFullYear()}_${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await count(`select count(*) as n from pg_class where relname = $1`, [name])).toBe(1);
  });

  it('lets one replica at a time run it', async () => {
    const holder = await app.database.db.pool.connect();
    try {
      await holder.query(`select pg_advisory_lock($1)`, [0x76_69_67_68]);
      expect(await runRetention(app.database.db, defaultRetention, Date.now())).toBeUndefined();
      await holder.query(`select pg_advisory_unlock($1)`, [0x76_69_67_68]);
    } finally {
      holder.release();
    }
  });
});
