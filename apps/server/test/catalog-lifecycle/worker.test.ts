import { describe, expect, it } from 'vitest';
import { insightLifecycleJobName } from '../../src/modules/catalog/insights/insights.service.ts';
import {
  defaultCatalogLifecycleSettings,
  runCatalogLifecycle,
} from '../../src/modules/catalog/retention/retention.worker.ts';
import {
  purgeJobName,
  retentionJobName,
} from '../../src/modules/catalog/retention/retention.service.ts';
import { now, useLifecycleDatabase } from './lifecycle-harness.ts';

const t = useLifecycleDatabase();
/** The worker's advisory lock key ('vcat'). */
const lockKey = 0x76_63_61_74;

const runsOf = async (name: string) => t.count(`select 1 from job_history where name = $1`, [name]);

describe('catalog lifecycle worker', () => {
  it('runs retention, the purge and the insight lifecycle, one replica at a time', async () => {
    await t.scraper({ staleItemAge: 'keep' });
    const other = await t.db.pool.connect();
    try {
      // Another replica holds the lock: this one skips the tick and writes nothing.
      await other.query('select pg_advisory_lock($1)', [lockKey]);
      expect(await runCatalogLifecycle(t.db, defaultCatalogLifecycleSettings, now)).toBe(false);
      expect(await runsOf(retentionJobName)).toBe(0);
      await other.query('select pg_advisory_unlock($1)', [lockKey]);
    } finally {
      other.release();
    }
    expect(await runCatalogLifecycle(t.db, defaultCatalogLifecycleSettings, now)).toBe(true);
    expect(await runsOf(retentionJobName)).toBe(1);
    expect(await runsOf(purgeJobName)).toBe(1);
    expect(await runsOf(insightLifecycleJobName)).toBe(1);
    // The lock is released after a run.
    expect(await runCatalogLifecycle(t.db, defaultCatalogLifecycleSettings, now)).toBe(true);
  });
});
