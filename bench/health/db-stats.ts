import type pg from 'pg';
import { z } from 'zod';
import { engineStartSlack } from '../../apps/server/src/modules/health/engine/start-slack.ts';
import { namespaces } from './canaries.ts';

export interface TableCounters {
  readonly inserted: number;
  readonly updated: number;
  readonly deleted: number;
  readonly commits: number;
  readonly walBytes: number;
  readonly byTable: Readonly<Record<string, number>>;
}

const counters = z.object({
  relname: z.string(),
  written: z.coerce.number(),
  ins: z.coerce.number(),
  upd: z.coerce.number(),
  del: z.coerce.number(),
});
const totals = z.object({ commits: z.coerce.number(), wal: z.coerce.number() });

/** Cumulative tuple counters of the bench database (partitions summed into their parent). */
export async function tableCounters(db: pg.Client): Promise<TableCounters> {
  const tables = await db.query(
    `select coalesce(p.relname, s.relname) as relname,
            sum(n_tup_ins + n_tup_upd + n_tup_del) as written,
            sum(n_tup_ins) as ins, sum(n_tup_upd) as upd, sum(n_tup_del) as del
     from pg_stat_user_tables s
     left join pg_inherits i on i.inhrelid = s.relid
     left join pg_class p on p.oid = i.inhparent
     group by 1`,
  );
  const rows = z.array(counters).parse(tables.rows);
  const database = await db.query(
    `select xact_commit as commits, pg_current_wal_lsn() - '0/0'::pg_lsn as wal
     from pg_stat_database where datname = current_database()`,
  );
  const total = totals.parse(database.rows[0]);
  return {
    inserted: rows.reduce((sum, r) => sum + r.ins, 0),
    updated: rows.reduce((sum, r) => sum + r.upd, 0),
    deleted: rows.reduce((sum, r) => sum + r.del, 0),
    commits: total.commits,
    walBytes: total.wal,
    byTable: Object.fromEntries(rows.map((r) => [r.relname, r.written])),
  };
}

export function counterDelta(before: TableCounters, after: TableCounters): TableCounters {
  const byTable: Record<string, number> = {};
  for (const [name, value] of Object.entries(after.byTable)) {
    const delta = value - (before.byTable[name] ?? 0);
    if (delta > 0) byTable[name] = delta;
  }
  return {
    inserted: after.inserted - before.inserted,
    updated: after.updated - before.updated,
    deleted: after.deleted - before.deleted,
    commits: after.commits - before.commits,
    walBytes: after.walBytes - before.walBytes,
    byTable,
  };
}

/**
 * Waits (up to a minute) until the writer has stored runs from after the window and the
 * window's count has stopped growing. False: the writer is further behind than that.
 */
export async function settle(db: pg.Client, from: Date, to: Date): Promise<boolean> {
  let last = -1;
  for (let waited = 0; waited < 60_000; waited += 2500) {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const found = await db.query<{ n: string; past: boolean }>(
      `select count(*) filter (where time >= $1 and time < $2) as n,
              coalesce(max(time) >= $2, false) as past
       from check_statuses where time >= $1`,
      [from, to],
    );
    const count = Number(found.rows[0]?.n ?? 0);
    if (found.rows[0]?.past === true && count === last) return true;
    last = count;
  }
  return false;
}

export interface RunsInWindow {
  readonly runs: number;
  readonly failed: number;
  /** The first failures' errors, to tell a slow target from a slow engine. */
  readonly errors: string[];
  /** Lateness from the stored start time and the canary's slot phase, ms. */
  readonly lateness: { readonly p50: number; readonly p90: number; readonly p99: number };
  readonly latenessMax: number;
  /** Runs that started before their slot: the engine's start slack gathers runs due soon. */
  readonly early: number;
  readonly earlyMax: number;
  /** Runs that seem far earlier than the slack allows: the engine is over half a period behind. */
  readonly wrapped: number;
  readonly durationP50: number;
  readonly durationP99: number;
}

const runsRow = z.object({
  runs: z.coerce.number(),
  failed: z.coerce.number(),
  q: z.array(z.coerce.number()).nullable(),
  d: z.array(z.coerce.number()).nullable(),
  late_max: z.coerce.number().nullable(),
  early: z.coerce.number(),
  early_max: z.coerce.number().nullable(),
  wrapped: z.coerce.number(),
});

/** Runs this much earlier than the start slack allows mean that the slot phases wrapped. */
const wrappedBelowMs = -(engineStartSlack.maxMs + 50);

/**
 * The load canaries' runs that started in [from, to). The slot is not stored, but an
 * `@every` canary's slots all sit at its stored next_runtime modulo the period, so each
 * run's lateness is its start time minus that phase (to the millisecond).
 */
export async function runsInWindow(
  db: pg.Client,
  from: Date,
  to: Date,
  periodMs: number,
): Promise<RunsInWindow> {
  const found = await db.query(
    `with runs as (
       select s.status, s.duration,
              (round(extract(epoch from s.time - c.next_runtime) * 1000)::bigint % $3 + $3) % $3
                as phase
       from check_statuses s
       join checks k on k.id = s.check_id
       join canaries c on c.id = k.canary_id
       where c.namespace = $4 and s.time >= $1 and s.time < $2
     ), late as (
       select status, duration, case when phase > $3 / 2 then phase - $3 else phase end as ms
       from runs
     )
     select count(*) as runs, count(*) filter (where not status) as failed,
            percentile_disc(array[0.5, 0.9, 0.99]) within group (order by greatest(ms, 0)) as q,
            percentile_disc(array[0.5, 0.99]) within group (order by duration) as d,
            max(ms) as late_max, count(*) filter (where ms < -1) as early,
            max(-ms) filter (where ms < 0) as early_max,
            count(*) filter (where ms < $5) as wrapped
     from late`,
    [from, to, periodMs, namespaces.load, wrappedBelowMs],
  );
  const row = runsRow.parse(found.rows[0]);
  const errors = await db.query<{ error: string; n: string }>(
    `select error, count(*) as n from check_statuses
     where time >= $1 and time < $2 and not status group by error order by 2 desc limit 5`,
    [from, to],
  );
  return {
    runs: row.runs,
    failed: row.failed,
    errors: errors.rows.map((r) => `${r.n}× ${r.error}`),
    lateness: { p50: row.q?.[0] ?? 0, p90: row.q?.[1] ?? 0, p99: row.q?.[2] ?? 0 },
    latenessMax: row.late_max ?? 0,
    early: row.early,
    earlyMax: row.early_max ?? 0,
    wrapped: row.wrapped,
    durationP50: row.d?.[0] ?? 0,
    durationP99: row.d?.[1] ?? 0,
  };
}
