import { describe, expect, it } from 'vitest';
import {
  insightLifecycleJobName,
  runInsightLifecycle,
} from '../../src/modules/catalog/insights/insights.service.ts';
import { ago, day, hour, now, useLifecycleDatabase } from './lifecycle-harness.ts';

const t = useLifecycleDatabase();
const settings = { resolveAfterMs: 48 * hour, closeAfterMs: 7 * day, batchSize: 2 };

async function insight(
  configId: string,
  status: string,
  lastSeenAgo: number | null,
  firstSeenAgo = 20 * day,
) {
  const [row] = await t.query(
    `insert into config_analysis (config_id, analyzer, analysis_type, status, first_observed, last_observed)
     values ($1, gen_random_uuid()::text, 'security', $2, $3, $4) returning id`,
    [configId, status, ago(firstSeenAgo), lastSeenAgo === null ? null : ago(lastSeenAgo)],
  );
  return String(row?.id);
}

const statusOf = async (id: string): Promise<unknown> =>
  (await t.query(`select status from config_analysis where id = $1`, [id]))[0]?.status;

describe('insight lifecycle', () => {
  it('resolves open insights unseen for 48 h and closes them 7 days after that', async () => {
    const item = await t.item(null);
    const seenRecently = await insight(item, 'open', 47 * hour);
    const unseen = [];
    for (let i = 0; i < 5; i++) unseen.push(await insight(item, 'open', 49 * hour));
    const neverSeenAgain = await insight(item, 'open', null, 3 * day);
    const resolvedLately = await insight(item, 'resolved', 8 * day);
    const resolvedLongAgo = await insight(item, 'resolved', 9 * day + hour);
    const silenced = await insight(item, 'silenced', 30 * day);

    const outcome = await runInsightLifecycle(t.db, now, settings);

    expect(outcome).toEqual({ resolved: 6, closed: 1 });
    expect(await statusOf(seenRecently)).toBe('open');
    for (const id of unseen) expect(await statusOf(id)).toBe('resolved');
    expect(await statusOf(neverSeenAgain)).toBe('resolved');
    expect(await statusOf(resolvedLately)).toBe('resolved');
    expect(await statusOf(resolvedLongAgo)).toBe('closed');
    expect(await statusOf(silenced)).toBe('silenced');
    // Only open insights count on the item.
    const [summary] = await t.query(
      `select analysis from config_item_summaries where config_id = $1`,
      [item],
    );
    expect(summary).toEqual({ analysis: { security: 1 } });

    // A week later the ones resolved now are closed; a second run at the same time is a no-op.
    expect(await runInsightLifecycle(t.db, now, settings)).toEqual({ resolved: 0, closed: 0 });
    const later = await runInsightLifecycle(t.db, now + 7 * day, settings);
    expect(later).toEqual({ resolved: 1, closed: 7 });
    expect(await statusOf(unseen[0] ?? '')).toBe('closed');

    const runs = await t.query(
      `select status, success_count, details from job_history where name = $1 order by time_start`,
      [insightLifecycleJobName],
    );
    expect(runs[0]).toEqual({
      status: 'SUCCESS',
      success_count: 7,
      details: { summary: { resolved: 6, closed: 1 } },
    });
  });
});
