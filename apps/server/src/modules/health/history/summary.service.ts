import type { Database } from '../../../platform/db.ts';
import { fromCumulative, fromExact, type Snapshot, type SummaryEntry } from './check-summary.ts';
import { readSorted } from './histogram-window.ts';
import type { HistoryRetention } from './retention.ts';
import { SummaryMemo } from './summary-memo.ts';
import { cumulativeSummaries, exactSummaries, snapshotsBefore } from './summary.repository.ts';

const hourMs = 3_600_000;
const dayMs = 86_400_000;
/** Up to this window, uptime and percentiles are exact, from raw statuses. */
export const exactWindowMs = 3 * hourMs;

interface Bounds {
  readonly since: number;
  readonly exact: boolean;
  /** Rollup windows: the table, the rounded start and the rolling hour's start. */
  readonly table: 'check_statuses_1h' | 'check_statuses_1d';
  readonly start: Date;
  readonly rollingSince: Date;
}

/**
 * Short windows are exact, from raw statuses; longer ones take the difference of cumulative
 * rollup snapshots, with the start rounded to the nearest hour (to the day beyond hourly
 * rollups' retention) and latency within ±2.5%.
 */
function boundsOf(windowMs: number, now: number, hourlyMs: number): Bounds {
  const since = now - windowMs;
  const daily = windowMs > hourlyMs;
  const unit = daily ? dayMs : hourMs;
  return {
    since,
    exact: windowMs <= exactWindowMs,
    table: daily ? 'check_statuses_1d' : 'check_statuses_1h',
    start: new Date(Math.round(since / unit) * unit),
    rollingSince: new Date(Math.floor(now / hourMs) * hourMs - hourMs),
  };
}

/** One check's uptime and latency over the window ending now, read afresh. */
export async function summarise(
  db: Database,
  windowMs: number,
  now: number,
  retention: Pick<HistoryRetention, 'hourlyMs'>,
  checkId: string,
): Promise<SummaryEntry[]> {
  const b = boundsOf(windowMs, now, retention.hourlyMs);
  if (b.exact) {
    const rows = await exactSummaries(db, new Date(b.since), new Date(now - hourMs), checkId);
    return rows.map(fromExact);
  }
  const [rows, bases, recent] = await Promise.all([
    cumulativeSummaries(db, b.start, checkId),
    readSnapshots(db, b.table, b.start, checkId),
    readSnapshots(db, 'check_statuses_1h', b.rollingSince, checkId),
  ]);
  return rows.map((row) => fromCumulative(row, bases.get(row.id), recent.get(row.id)));
}

const memos = new WeakMap<Database, SummaryMemo>();

/** The dashboard's summary of every check, kept up to date per check between requests. */
export async function summariseAll(
  db: Database,
  windowMs: number,
  now: number,
  retention: Pick<HistoryRetention, 'hourlyMs'>,
  memo: SummaryMemo = memoOf(db),
): Promise<SummaryEntry[]> {
  const b = boundsOf(windowMs, now, retention.hourlyMs);
  if (b.exact) return memo.exact(db, new Date(b.since), new Date(now - hourMs), now);
  const [bases, recent] = await Promise.all([
    snapshots(db, b.table, b.start, now),
    snapshots(db, 'check_statuses_1h', b.rollingSince, now),
  ]);
  return memo.cumulative(db, {
    key: `${b.table}@${b.start.getTime()}@${bases.at}|${b.rollingSince.getTime()}@${recent.at}`,
    start: b.start,
    bases: bases.value,
    recent: recent.value,
    rollingSince: b.rollingSince,
    now,
  });
}

function memoOf(db: Database): SummaryMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = new SummaryMemo();
    memos.set(db, memo);
  }
  return memo;
}

type Snapshots = Map<string, Snapshot>;

/**
 * A bucket that ended before a window's start no longer changes, so the snapshots at one
 * start are read once and shared by every request for a while, instead of one index probe
 * per check per request. The short lifetime bounds how long a late agent push goes unseen.
 */
const cacheMs = 5 * 60_000;
interface ReadSnapshots {
  readonly at: number;
  readonly value: Snapshots;
}
type SnapshotCache = Map<string, { at: number; value: Promise<Snapshots> }>;
const caches = new WeakMap<Database, SnapshotCache>();

async function snapshots(
  db: Database,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  before: Date,
  now: number,
): Promise<ReadSnapshots> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map<string, { at: number; value: Promise<Snapshots> }>();
    caches.set(db, cache);
  }
  const key = `${table}@${before.getTime()}`;
  const cached = cache.get(key);
  if (cached && now - cached.at < cacheMs) return { at: cached.at, value: await cached.value };
  for (const [old, value] of cache) if (now - value.at >= cacheMs) cache.delete(old);
  const value = readSnapshots(db, table, before, undefined);
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return { at: now, value: await value };
}

async function readSnapshots(
  db: Database,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  before: Date,
  checkId: string | undefined,
): Promise<Snapshots> {
  const rows = await snapshotsBefore(db, table, before, checkId);
  return new Map(
    rows.map((row) => [
      row.id,
      { passed: row.cum_passed, failed: row.cum_failed, hist: readSorted(row.cum_hist) },
    ]),
  );
}
