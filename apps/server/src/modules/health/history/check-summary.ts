import { difference, percentilesOf, readSorted, type SortedHistogram } from './histogram-window.ts';
import type { CumulativeSummaryRow, ExactSummaryRow } from './summary.repository.ts';

export interface Uptime {
  readonly passed: number;
  readonly failed: number;
}

export interface Latency {
  readonly p95: number | null;
  readonly p97: number | null;
  readonly p99: number | null;
  readonly rolling1h: number | null;
}

/**
 * One entry of `GET /api/canary/api/summary`: the spec's Check (its fields as PostgreSQL
 * wrote them) with uptime {passed, failed, last_pass, last_fail} and latency {p95, p97, p99,
 * rolling1h}, kept as JSON text so thousands of them are answered without re-serialising.
 */
export interface SummaryEntry {
  readonly id: string;
  readonly uptime: Uptime;
  readonly latency: Latency;
  readonly json: string;
}

/** A check's totals at some moment: what a window subtracts from now. */
export interface Snapshot {
  readonly passed: number;
  readonly failed: number;
  readonly hist: SortedHistogram;
}

const none: Snapshot = { passed: 0, failed: 0, hist: { buckets: [], counts: [] } };

/** A check's last runs, oldest first: `1` passed, `0` failed, with their durations (ms). */
export interface RecentRuns {
  readonly statuses: string;
  readonly durations: readonly number[];
}

/** A check's uptime and latency over a window, apart from its entry's other fields. */
export interface Figures {
  readonly uptime: Uptime;
  readonly latency: Latency;
  readonly recent?: RecentRuns;
}

/** The counts and comma-separated durations of raw statuses in a window. */
export interface RawStats {
  readonly passed: number;
  readonly failed: number;
  readonly durations: string;
  readonly recent: string;
}

/** A check's cumulative totals now. */
export interface Totals {
  readonly cum_passed: number;
  readonly cum_failed: number;
  readonly cum_hist: string;
}

export function exactFigures(stats: RawStats): Figures {
  const [p95 = null, p97 = null, p99 = null] = exactPercentiles(
    stats.durations,
    [0.95, 0.97, 0.99],
  );
  const [rolling1h = null] = exactPercentiles(stats.recent, [0.95]);
  return {
    uptime: { passed: stats.passed, failed: stats.failed },
    latency: { p95, p97, p99, rolling1h },
  };
}

export function cumulativeFigures(
  totals: Totals,
  base: Snapshot | undefined,
  recentBase: Snapshot | undefined,
): Figures {
  const now = readSorted(totals.cum_hist);
  const start = base ?? none;
  const [p95 = null, p97 = null, p99 = null] = percentilesOf(
    difference(now, start.hist),
    [0.95, 0.97, 0.99],
  );
  const [rolling1h = null] = percentilesOf(difference(now, (recentBase ?? none).hist), [0.95]);
  return {
    uptime: {
      passed: Math.max(0, totals.cum_passed - start.passed),
      failed: Math.max(0, totals.cum_failed - start.failed),
    },
    latency: { p95, p97, p99, rolling1h },
  };
}

export function fromExact(row: ExactSummaryRow): SummaryEntry {
  return entryOf(row, exactFigures(row));
}

export function fromCumulative(
  row: CumulativeSummaryRow,
  base: Snapshot | undefined,
  recentBase: Snapshot | undefined,
): SummaryEntry {
  return entryOf(row, cumulativeFigures(row, base, recentBase));
}

export function entryOf(
  row: { id: string; entry: string; last_pass: string; last_fail: string },
  { uptime, latency, recent }: Figures,
): SummaryEntry {
  const runs = recent ? `,"recent":${JSON.stringify(recent)}` : '';
  const json =
    `${row.entry.slice(0, -1)},"uptime":{"passed":${uptime.passed},"failed":${uptime.failed},` +
    `"last_pass":${row.last_pass},"last_fail":${row.last_fail}},"latency":${JSON.stringify(latency)}${runs}}`;
  return { id: row.id, uptime, latency, json };
}

/** Nearest-rank percentiles (as percentile_disc) of a comma-separated list of durations. */
function exactPercentiles(list: string, qs: readonly number[]): Array<number | null> {
  const values = list === '' ? [] : list.split(',').map(Number);
  values.sort((a, b) => a - b);
  return qs.map((q) => nearestRank(values, q));
}

/** The nearest-rank percentile (as percentile_disc) of ascending values. */
export function nearestRank(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] ?? null;
}
