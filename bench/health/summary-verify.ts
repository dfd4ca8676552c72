import { z } from 'zod';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { fetchSummary } from './summary-measure.ts';
import {
  outageChecks,
  runOf,
  runRange,
  type CheckProfile,
  type Timeline,
} from './summary-profile.ts';
import { repositoryCall, windowOf } from './summary-ranges.ts';

export interface Verdict {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const entry = z.object({
  id: z.string(),
  status: z.string().nullable(),
  uptime: z.object({ passed: z.number(), failed: z.number() }),
  latency: z.object({ p95: z.number().nullable() }),
});
type Entry = z.infer<typeof entry>;

interface Counts {
  passed: number;
  failed: number;
}

/** The checks looked at one by one: both outages, a flaky one, a slow one, an ordinary one. */
function samples(profiles: readonly CheckProfile[]): CheckProfile[] {
  const at = [outageChecks.past, outageChecks.ongoing, 7, 49, 1234 % profiles.length];
  return at.flatMap((i) => (profiles[i] ? [profiles[i]] : []));
}

/** Runs with from < time ≤ to, from the profile itself. */
function expected(p: CheckProfile, t: Timeline, from: number, to: number): Counts {
  const [lo, hi] = runRange(p, t, from, to);
  const counts = { passed: 0, failed: 0 };
  for (let k = lo; k <= hi; k++) counts[runOf(p, t, k).pass ? 'passed' : 'failed']++;
  return counts;
}

const same = (a: Counts, b: Counts): boolean => a.passed === b.passed && a.failed === b.failed;
const show = (c: Counts): string => `${c.passed} passed / ${c.failed} failed`;

/** A window's expected counts at the request's start and end (the server reads its own now). */
function windowCounts(p: CheckProfile, t: Timeline, range: string, now: number, until: number) {
  const call = repositoryCall(windowOf(range), now);
  const from =
    call.source === 'check_statuses (exact)' ? call.start.getTime() : call.start.getTime() - 1;
  return expected(p, t, from, until);
}

export async function verifyAnswers(
  db: Database,
  baseUrl: string,
  profiles: readonly CheckProfile[],
  t: Timeline,
  writtenUntil: number,
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const picked = samples(profiles);
  for (const range of ['1h', '1d', '7d', '30d']) {
    const before = Date.now();
    const answer = z.array(entry).parse(JSON.parse(await fetchSummary(baseUrl, range)));
    const after = Date.now();
    const byId = new Map(answer.map((e) => [e.id, e]));
    verdicts.push({
      name: `${range}: one entry per check`,
      ok: answer.length === profiles.length,
      detail: `${answer.length} entries for ${profiles.length} checks`,
    });
    for (const p of picked) {
      const got = byId.get(p.id);
      const early = windowCounts(p, t, range, before, writtenUntil);
      const late = windowCounts(p, t, range, after, writtenUntil);
      const ok = got !== undefined && (same(got.uptime, early) || same(got.uptime, late));
      verdicts.push({
        name: `${range}: check #${p.index} uptime equals the seeded runs`,
        ok,
        detail: `answered ${got ? show(got.uptime) : 'nothing'}, seeded ${show(early)}`,
      });
    }
    if (range === '7d') verdicts.push(...(await againstRaw(db, picked, answer, t, before)));
    if (range === '30d') verdicts.push(...(await againstHourly(db, picked, byId, before)));
  }
  return verdicts;
}

/** 7d counts against raw statuses (from the rounded start, and from exactly 7 days ago), and p95. */
async function againstRaw(
  db: Database,
  picked: readonly CheckProfile[],
  answer: readonly Entry[],
  t: Timeline,
  now: number,
): Promise<Verdict[]> {
  const start = repositoryCall(windowOf('7d'), now).start;
  const out: Verdict[] = [];
  for (const p of picked) {
    const got = answer.find((e) => e.id === p.id);
    const raw = await db.pool.query<{
      passed: string;
      failed: string;
      exact_passed: string;
      exact_failed: string;
      p95: number | null;
    }>(
      `select count(*) filter (where status and time >= $2) as passed,
              count(*) filter (where not status and time >= $2) as failed,
              count(*) filter (where status and time > $3) as exact_passed,
              count(*) filter (where not status and time > $3) as exact_failed,
              percentile_disc(0.95) within group (order by duration) filter (where time >= $2) as p95
       from check_statuses where check_id = $1`,
      [p.id, start, new Date(now - windowOf('7d'))],
    );
    const row = raw.rows[0];
    // The rounded start can fall before the oldest raw row: those runs are only in rollups.
    const older = expected(p, t, start.getTime() - 1, t.rawSince);
    const fromStart = {
      passed: Number(row?.passed) + older.passed,
      failed: Number(row?.failed) + older.failed,
    };
    const exact = { passed: Number(row?.exact_passed), failed: Number(row?.exact_failed) };
    const off = got ? got.uptime.passed + got.uptime.failed - exact.passed - exact.failed : NaN;
    out.push({
      name: `7d: check #${p.index} against raw check_statuses`,
      ok: got !== undefined && same(got.uptime, fromStart) && Math.abs(off) <= 6,
      detail: `raw since the rounded start ${start.toISOString()}: ${show(fromStart)} (of which ${older.passed + older.failed} seeded before the raw history's start); since exactly 7 days ago: ${show(exact)} (${off >= 0 ? '+' : ''}${off} runs from the hour rounding)`,
    });
    const p95 = row?.p95 ?? null;
    const close =
      got?.latency.p95 != null &&
      p95 !== null &&
      Math.abs(got.latency.p95 - p95) <= p95 * 0.025 + 1;
    out.push({
      name: `7d: check #${p.index} p95 within ±2.5% of percentile_disc over raw`,
      ok: close,
      detail: `answered ${got?.latency.p95 ?? 'null'} ms, exact ${p95 ?? 'null'} ms`,
    });
  }
  return out;
}

/** 30d counts against the sum of the hourly buckets' own counts (not their snapshots). */
async function againstHourly(
  db: Database,
  picked: readonly CheckProfile[],
  byId: ReadonlyMap<string, Entry>,
  now: number,
): Promise<Verdict[]> {
  const start = repositoryCall(windowOf('30d'), now).start;
  const out: Verdict[] = [];
  for (const p of picked) {
    const sums = await db.pool.query<{ passed: string | null; failed: string | null }>(
      `select sum(passed) as passed, sum(failed) as failed from check_statuses_1h
       where check_id = $1 and created_at >= $2`,
      [p.id, start],
    );
    const hourly = {
      passed: Number(sums.rows[0]?.passed ?? 0),
      failed: Number(sums.rows[0]?.failed ?? 0),
    };
    const got = byId.get(p.id);
    out.push({
      name: `30d: check #${p.index} against the sum of hourly buckets`,
      ok: got !== undefined && same(got.uptime, hourly),
      detail: `answered ${got ? show(got.uptime) : 'nothing'}, hourly sums ${show(hourly)}`,
    });
  }
  return out;
}
