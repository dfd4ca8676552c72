import type pg from 'pg';
import { z } from 'zod';
import { namespaces } from './canaries.ts';

export interface LateSecond {
  /** Seconds from the window's start to the slot second. */
  readonly at: number;
  readonly maxMs: number;
  /** Runs of that second that started over 25 ms late. */
  readonly late: number;
}

export interface LateTimeline {
  /** Seconds of the window in which some run started over 50 ms late. */
  readonly seconds: number;
  readonly worst: readonly LateSecond[];
}

const row = z.object({ at: z.coerce.number(), max_ms: z.coerce.number(), late: z.coerce.number() });

/**
 * When in the window the late runs were due, by slot second: stalls show as runs of late
 * seconds, to set against the server's own periodic work (GC, batches, scrapes).
 */
export async function lateTimeline(
  db: pg.Client,
  from: Date,
  to: Date,
  periodMs: number,
): Promise<LateTimeline> {
  const found = await db.query(
    `with runs as (
       select s.time,
              (round(extract(epoch from s.time - c.next_runtime) * 1000)::bigint % $3 + $3) % $3
                as phase
       from check_statuses s
       join checks k on k.id = s.check_id
       join canaries c on c.id = k.canary_id
       where c.namespace = $4 and s.time >= $1 and s.time < $2
     ), late as (
       select time, case when phase > $3 / 2 then phase - $3 else phase end as ms from runs
     )
     select floor(extract(epoch from time - $1::timestamptz) - ms / 1000.0) as at,
            max(ms) as max_ms, count(*) filter (where ms > 25) as late
     from late group by 1 having max(ms) > 50 order by 2 desc`,
    [from, to, periodMs, namespaces.load],
  );
  const rows = z.array(row).parse(found.rows);
  return {
    seconds: rows.length,
    worst: rows.slice(0, 12).map((r) => ({ at: r.at, maxMs: r.max_ms, late: r.late })),
  };
}
