import type pg from 'pg';
import type { Verdict } from './summary-verify.ts';

const hourMs = 3_600_000;

/**
 * Whole-table checks of the seeded history: every check's totals equal the sum of its hourly
 * and of its daily buckets and its last snapshot; snapshots run with the bucket counts (every
 * 50th check); raw statuses per hour equal the hourly buckets wherever raw history is kept.
 */
export async function verifyConsistency(db: pg.Pool, rawSince: number): Promise<Verdict[]> {
  const totals = await db.query<{
    checks: string;
    hourly_off: string;
    daily_off: string;
    last_off: string;
  }>(`
    with h as (select check_id, sum(passed) as p, sum(failed) as f from check_statuses_1h group by 1),
         d as (select check_id, sum(passed) as p, sum(failed) as f from check_statuses_1d group by 1)
    select count(*) as checks,
           count(*) filter (where h.p is distinct from k.cum_passed or h.f is distinct from k.cum_failed) as hourly_off,
           count(*) filter (where d.p is distinct from k.cum_passed or d.f is distinct from k.cum_failed) as daily_off,
           count(*) filter (where b.cum_passed <> k.cum_passed or b.cum_failed <> k.cum_failed
                              or b.cum_duration_sum <> k.cum_duration_sum or b.cum_hist <> k.cum_hist) as last_off
    from checks k left join h on h.check_id = k.id left join d on d.check_id = k.id
    left join lateral (select r.cum_passed, r.cum_failed, r.cum_duration_sum, r.cum_hist
                       from check_statuses_1h r where r.check_id = k.id
                       order by r.created_at desc limit 1) b on true`);
  const t = totals.rows[0];
  const running = await db.query<{ buckets: string; off: string }>(`
    select count(*) as buckets, count(*) filter (where x.cp <> x.sp or x.cf <> x.sf) as off
    from (select r.cum_passed as cp, r.cum_failed as cf,
                 sum(r.passed) over w as sp, sum(r.failed) over w as sf
          from check_statuses_1h r
          where r.check_id in (select id from (select id, row_number() over (order by id) as n from checks) c
                               where c.n % 50 = 1)
          window w as (partition by r.check_id order by r.created_at)) x`);
  const r = running.rows[0];
  const firstFullHour = new Date(Math.ceil(rawSince / hourMs) * hourMs);
  const hours = await db.query<{ hours: string; off: string; hourly: string }>(
    `select count(*) as hours,
            count(*) filter (where h.total is distinct from r.n or h.passed is distinct from r.p) as off,
            (select count(*) from check_statuses_1h where created_at >= $1) as hourly
     from (select check_id, date_trunc('hour', time, 'UTC') as hour, count(*) as n,
                  count(*) filter (where status) as p
           from check_statuses where time >= $1 group by 1, 2) r
     left join check_statuses_1h h on h.check_id = r.check_id and h.created_at = r.hour`,
    [firstFullHour],
  );
  const h = hours.rows[0];
  return [
    {
      name: 'every check: totals = Σ hourly buckets = Σ daily buckets = last hourly snapshot',
      ok: t?.hourly_off === '0' && t.daily_off === '0' && t.last_off === '0',
      detail: `${t?.checks} checks; differing: hourly ${t?.hourly_off}, daily ${t?.daily_off}, last snapshot ${t?.last_off}`,
    },
    {
      name: 'hourly snapshots run with the bucket counts (every 50th check)',
      ok: r?.off === '0',
      detail: `${r?.buckets} buckets, ${r?.off} differing`,
    },
    {
      name: 'raw statuses per hour = hourly bucket counts, since the first full raw hour',
      ok: h?.off === '0' && h.hours === h.hourly,
      detail: `${h?.hours} check-hours from raw since ${firstFullHour.toISOString()}, ${h?.hourly} hourly rows, ${h?.off} differing`,
    },
  ];
}
