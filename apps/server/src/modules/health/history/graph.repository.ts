import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';

const bucketRow = z.object({
  time: z.date(),
  total: z.coerce.number(),
  passed: z.coerce.number(),
  failed: z.coerce.number(),
  duration: z.coerce.number().nullable(),
});
export type GraphBucket = z.infer<typeof bucketRow>;

/**
 * A check's runs over [since, now) grouped into buckets of `bucketSeconds`, from raw statuses
 * (`raw`) or from hourly rollups for windows older than raw retention.
 */
export async function graphBuckets(
  db: Database,
  source: 'raw' | 'hourly',
  checkId: string,
  since: Date,
  bucketSeconds: number,
): Promise<GraphBucket[]> {
  const bucket = (column: string) => `to_timestamp(floor(extract(epoch from ${column}) / $3) * $3)`;
  const text =
    source === 'raw'
      ? `select ${bucket('time')} as time, count(*) as total,
                count(*) filter (where status) as passed, count(*) filter (where not status) as failed,
                round(avg(duration)) as duration
         from check_statuses where check_id = $1 and time > $2 group by 1 order by 1`
      : `select ${bucket('created_at')} as time, sum(total) as total,
                sum(passed) as passed, sum(failed) as failed,
                round(sum(duration_sum)::numeric / nullif(sum(total), 0)) as duration
         from check_statuses_1h where check_id = $1 and created_at >= $2 group by 1 order by 1`;
  const found = await db.pool.query(text, [checkId, since, bucketSeconds]);
  return found.rows.map((row) => bucketRow.parse(row));
}
