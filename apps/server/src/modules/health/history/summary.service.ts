import type { Database } from '../../../platform/db.ts';
import { fromCumulative, fromExact, type Snapshot, type SummaryEntry } from './check-summary.ts';
import { readSorted } from './histogram-window.ts';
import type { HistoryRetention } from './retention.ts';
import { cumulativeSummaries, exactSummaries, snapshotsBefore } from './summary.repository.ts';

const hourMs = 3_600_000;
const dayMs = 86_400_000;
/** Up to this window, uptime and percentiles are exact, from raw statuses. */
export const exactWindowMs = 3 * hourMs;

/**
 * Uptime and latency per check over the window ending now. Short windows are exact; longer
 * ones take the difference of cumulative rollup snapshots, with the window's start rounded
 * to the nearest hour (to the day beyond hourly rollups' retention) and latency within ±2.5%.
 */
export async function summarise(
  db: Database,
  windowMs: number,
  now: number,
  retention: Pick<HistoryRetention, 'hourlyMs'>,
  checkId?: string,
): Promise<SummaryEntry[]> {
  const since = now - windowMs;
  if (windowMs <= exactWindowMs) {
    const rows = await exactSummaries(db, new Date(since), new Date(now - hourMs), checkId);
    return rows.map(fromExact);
  }
  const rollingSince = new Date(Math.floor(now / hourMs) * hourMs - hourMs);
  const daily = windowMs > retention.hourlyMs;
  const unit = daily ? dayMs : hourMs;
  const start = new Date(Math.round(since / unit) * unit);
  const table = daily ? 'check_statuses_1d' : 'check_statuses_1h';
  const [rows, bases, recent] = await Promise.all([
    cumulativeSummaries(db, start, checkId),
    snapshots(db, table, start, now, checkId),
    snapshots(db, 'check_statuses_1h', rollingSince, now, checkId),
  ]);
  return rows.map((row) => fromCumulative(row, bases.get(row.id), recent.get(row.id)));
}

type Snapshots = Map<string, Snapshot>;

/**
 * A bucket that ended before a window's start no longer changes, so the snapshots at one
 * start are read once and shared by every request for a while, instead of one index probe
 * per check per request. The short lifetime bounds how long a late agent push goes unseen.
 */
const cacheMs = 5 * 60_000;
type SnapshotCache = Map<string, { at: number; value: Promise<Snapshots> }>;
const caches = new WeakMap<Database, SnapshotCache>();

function snapshots(
  db: Database,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  before: Date,
  now: number,
  checkId: string | undefined,
): Promise<Snapshots> {
  if (checkId) return readSnapshots(db, table, before, checkId);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map<string, { at: number; value: Promise<Snapshots> }>();
    caches.set(db, cache);
  }
  const key = `${table}@${before.getTime()}`;
  const cached = cache.get(key);
  if (cached && now - cached.at < cacheMs) return cached.value;
  for (const [old, value] of cache) if (now - value.at >= cacheMs) cache.delete(old);
  const value = readSnapshots(db, table, before, undefined);
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
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
