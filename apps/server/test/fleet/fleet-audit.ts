import type pg from 'pg';
import { z } from 'zod';

export interface SlotAudit {
  readonly checks: number;
  readonly results: number;
  /** Slots with two or more results: the extra results. */
  readonly duplicates: number;
  /** Slots between a check's first and last audited slot without a result. */
  readonly lost: number;
  /** The longest time between two results of one check, in ms. */
  readonly maxGapMs: number;
  /** The first few problems, for a failure message. */
  readonly examples: string[];
}

const series = z.array(z.object({ name: z.string(), times: z.array(z.coerce.number()) }));

/**
 * Every @every slot of every check between `from` and `to` has exactly one result. A
 * check's slots are one period apart at a fixed phase (its median offset); a result belongs
 * to the slot it starts 15% of a period before or 85% after (a slot taken over after a
 * replica died runs late, by up to its lease).
 */
export async function auditSlots(
  db: pg.Pool,
  from: number,
  to: number,
  periodMs: number,
): Promise<SlotAudit> {
  const found = await db.query(
    `select k.name || '/' || k.canary_id as name,
            array_agg((extract(epoch from s.time) * 1000)::bigint order by s.time) as times
     from check_statuses s join checks k on k.id = s.check_id
     where s.time >= $1 and s.time < $2 group by 1`,
    [new Date(from), new Date(to)],
  );
  let results = 0;
  let duplicates = 0;
  let lost = 0;
  let maxGapMs = 0;
  const examples: string[] = [];
  const rows = series.parse(found.rows);
  for (const row of rows) {
    const times = row.times;
    results += times.length;
    // Offsets from the first run, folded into (-P/2, P/2]: a phase near 0 must not split in two.
    const origin = times[0] ?? from;
    const offsets = times
      .map((t) => {
        const offset = (((t - origin) % periodMs) + periodMs) % periodMs;
        return offset > periodMs / 2 ? offset - periodMs : offset;
      })
      .sort((a, b) => a - b);
    const phase = origin + (offsets[Math.floor(offsets.length / 2)] ?? 0);
    const slotOf = (t: number): number => Math.floor((t - phase + 0.15 * periodMs) / periodMs);
    const counts = new Map<number, number>();
    for (const t of times) counts.set(slotOf(t), (counts.get(slotOf(t)) ?? 0) + 1);
    const slots = [...counts.keys()].sort((a, b) => a - b);
    const first = slots[0] ?? 0;
    const last = slots[slots.length - 1] ?? 0;
    for (let k = first; k <= last; k++) {
      const n = counts.get(k) ?? 0;
      if (n === 1) continue;
      if (n === 0) lost++;
      else duplicates += n - 1;
      if (examples.length < 10) {
        const at = times.map((t) => ((t - from) / 1000).toFixed(2)).join(', ');
        examples.push(`${row.name}: slot ${k} has ${n} results (runs at +${at} s)`);
      }
    }
    for (let i = 1; i < times.length; i++) {
      maxGapMs = Math.max(maxGapMs, (times[i] ?? 0) - (times[i - 1] ?? 0));
    }
  }
  return { checks: rows.length, results, duplicates, lost, maxGapMs, examples };
}

const shareRows = z.array(z.object({ hostname: z.string().nullable(), runs: z.coerce.number() }));

/** Canary runs recorded per replica (job_history.hostname) with start in [from, to). */
export async function runsByReplica(
  db: pg.Pool,
  from: number,
  to: number,
): Promise<Map<string, number>> {
  const found = await db.query(
    `select hostname, count(*) as runs from job_history
     where name = 'Canary' and time_start >= $1 and time_start < $2 group by 1`,
    [new Date(from), new Date(to)],
  );
  return new Map(shareRows.parse(found.rows).map((r) => [r.hostname ?? '?', r.runs]));
}

/** The largest replica's share of the runs, 0..1. */
export function largestShare(runs: ReadonlyMap<string, number>): number {
  const total = [...runs.values()].reduce((sum, n) => sum + n, 0);
  return total === 0 ? 0 : Math.max(...runs.values()) / total;
}

const postgresRow = z.object({
  wal: z.coerce.number(),
  connections: z.coerce.number(),
  lock_waits: z.coerce.number(),
  commits: z.coerce.number(),
});

/** What PostgreSQL shows of the fleet: WAL position, its connections and waiting locks. */
export async function postgresSample(db: pg.Pool): Promise<z.infer<typeof postgresRow>> {
  const found = await db.query(
    `select pg_current_wal_lsn() - '0/0'::pg_lsn as wal,
            (select count(*) from pg_stat_activity where datname = current_database()) as connections,
            (select count(*) from pg_locks where not granted) as lock_waits,
            (select xact_commit from pg_stat_database where datname = current_database()) as commits`,
  );
  return postgresRow.parse(found.rows[0]);
}
