import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../app.ts';
import {
  defaultJobHistorySettings,
  markStale,
  retentionJobName,
  runRetention,
} from '../../src/modules/jobs/job-history.service.ts';
import { createJobHistoryWorker } from '../../src/modules/jobs/job-history.worker.ts';
import { countRuns, ids, seedRuns } from './jobs-harness.ts';

let app: TestApp;
const hour = 3_600_000;
const day = 24 * hour;

beforeAll(async () => {
  app = await startTestApp({ modules: ['jobs'] });
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.database.db.pool.query('delete from job_history');
});

async function statusOf(name: string): Promise<{ status: string; details: unknown }> {
  const found = await app.database.db.pool.query(
    'select status, details from job_history where name = $1',
    [name],
  );
  return z.object({ status: z.string(), details: z.unknown() }).parse(found.rows[0]);
}

describe('stale runs', () => {
  it('marks runs still RUNNING four hours after they started as STALE, saying why', async () => {
    await seedRuns(app, [
      { name: 'Stuck', status: 'RUNNING', ageMs: 4 * hour + 60_000, details: { errors: ['x'] } },
      { name: 'StuckBare', status: 'RUNNING', ageMs: 5 * hour },
      { name: 'Busy', status: 'RUNNING', ageMs: 3 * hour },
      { name: 'Done', status: 'SUCCESS', ageMs: 6 * hour },
    ]);
    expect(await markStale(app.database.db, defaultJobHistorySettings, Date.now())).toBe(2);
    expect(await statusOf('Stuck')).toEqual({
      status: 'STALE',
      details: { errors: ['x', 'Marked STALE: still RUNNING 4h after it started'] },
    });
    expect(await statusOf('StuckBare')).toMatchObject({
      status: 'STALE',
      details: { errors: ['Marked STALE: still RUNNING 4h after it started'] },
    });
    expect((await statusOf('Busy')).status).toBe('RUNNING');
    expect((await statusOf('Done')).status).toBe('SUCCESS');
    // Marking again changes nothing.
    expect(await markStale(app.database.db, defaultJobHistorySettings, Date.now())).toBe(0);
  });
});

describe('retention', () => {
  it('keeps the newest N runs of each job and none older than 30 days', async () => {
    const runs = [];
    for (let i = 0; i < 8; i++) {
      runs.push({ name: 'Canary', status: 'SUCCESS', resourceId: ids.canary, ageMs: i * hour });
      runs.push({ name: 'Canary', status: 'FAILED', resourceId: ids.goneCanary, ageMs: i * hour });
      runs.push({ name: 'Sweep', status: 'SUCCESS', ageMs: i * hour });
    }
    runs.push({ name: 'Ancient', status: 'SUCCESS', ageMs: 31 * day });
    runs.push({ name: 'Old', status: 'SUCCESS', ageMs: 29 * day });
    runs.push({ name: 'Forgotten', status: 'RUNNING', ageMs: 10 * hour });
    await seedRuns(app, runs);
    const settings = { ...defaultJobHistorySettings, keepPerJob: 5 };
    const outcome = await runRetention(app.database.db, settings, Date.now());
    expect(outcome).toEqual({ stale: 1, expired: 1, surplus: 9 });
    expect(await countRuns(app, `resource_id = '${ids.canary}'`)).toBe(5);
    expect(await countRuns(app, `resource_id = '${ids.goneCanary}'`)).toBe(5);
    expect(await countRuns(app, `name = 'Sweep'`)).toBe(5);
    expect(await countRuns(app, `name = 'Ancient'`)).toBe(0);
    expect(await countRuns(app, `name = 'Old'`)).toBe(1);
    // The newest are the ones kept.
    const kept = await app.database.db.pool.query<{ oldest: Date }>(
      `select min(created_at) as oldest from job_history where name = 'Sweep'`,
    );
    expect(Date.now() - (kept.rows[0]?.oldest.getTime() ?? 0)).toBeLessThan(5 * hour);
    // Retention records its own run where operators look.
    const recorded = await statusOf(retentionJobName);
    expect(recorded).toMatchObject({
      status: 'SUCCESS',
      details: { summary: { stale: 1, expired: 1, surplus: 9 } },
    });
  });

  it('lets one replica at a time trim', async () => {
    await seedRuns(app, [{ name: 'Old', status: 'SUCCESS', ageMs: 40 * day }]);
    const holder = await app.database.db.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [0x76_6a_6f_62]);
      const outcome = await runRetention(app.database.db, defaultJobHistorySettings, Date.now());
      expect(outcome).toBeUndefined();
      await holder.query('commit');
    } finally {
      holder.release();
    }
    expect(await countRuns(app, `name = 'Old'`)).toBe(1);
  });

  it('records a failed run and rolls back what it had done', async () => {
    await seedRuns(app, [{ name: 'Old', status: 'SUCCESS', ageMs: 40 * day }]);
    const broken = { ...defaultJobHistorySettings, keepPerJob: Number.NaN };
    await expect(runRetention(app.database.db, broken, Date.now())).rejects.toThrow();
    expect(await countRuns(app, `name = 'Old'`)).toBe(1);
    expect((await statusOf(retentionJobName)).status).toBe('FAILED');
  });
});

describe('the jobs worker', () => {
  it('marks and trims on its own schedule once started, and stops', async () => {
    await seedRuns(app, [
      { name: 'Stuck', status: 'RUNNING', ageMs: 5 * hour },
      { name: 'Old', status: 'SUCCESS', ageMs: 40 * day },
    ]);
    const worker = createJobHistoryWorker(
      app.database.db,
      defaultJobHistorySettings,
      pino({ level: 'silent' }),
      { firstRunMs: 10, staleEveryMs: 50, retentionEveryMs: 60_000 },
    );
    worker.start();
    try {
      for (let i = 0; i < 100 && (await countRuns(app, `name = 'Old'`)) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      worker.stop();
    }
    expect(await countRuns(app, `name = 'Old'`)).toBe(0);
    expect((await statusOf('Stuck')).status).toBe('STALE');
    await seedRuns(app, [{ name: 'Later', status: 'RUNNING', ageMs: 5 * hour }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await statusOf('Later')).status).toBe('RUNNING');
  });
});
