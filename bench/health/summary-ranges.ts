import { parseTimeRange } from '@vigil/domain';
import { defaultRetention } from '../../apps/server/src/modules/health/history/retention.ts';
import {
  cumulativeSummaries,
  exactSummaries,
} from '../../apps/server/src/modules/health/history/summary.repository.ts';
import { exactWindowMs } from '../../apps/server/src/modules/health/history/summary.service.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';

/** The goal covers 1h, 7d and 30d; the others are timed for information. */
export const goalRanges = ['1h', '7d', '30d'] as const;
export const timedRanges = ['15m', '1h', '6h', '1d', '7d', '30d', '90d'] as const;
export const goalMs = 100;

export type Source = 'check_statuses (exact)' | 'check_statuses_1h' | 'check_statuses_1d';

const hourMs = 3_600_000;
const dayMs = 86_400_000;

export function windowOf(range: string): number {
  const ms = parseTimeRange(range);
  if (ms === undefined) throw new Error(`bench: ${range} is not a time range`);
  return ms;
}

/** The repository call summarise() makes for this window (same bounds, same table). */
export interface RepositoryCall {
  readonly source: Source;
  /** The window's start as the query sees it: exact, or rounded to the hour (day). */
  readonly start: Date;
  run(db: Database): Promise<unknown[]>;
}

export function repositoryCall(windowMs: number, now: number): RepositoryCall {
  const since = now - windowMs;
  if (windowMs <= exactWindowMs) {
    const start = new Date(since);
    return {
      source: 'check_statuses (exact)',
      start,
      run: (db) => exactSummaries(db, start, new Date(now - hourMs)),
    };
  }
  const daily = windowMs > defaultRetention.hourlyMs;
  const unit = daily ? dayMs : hourMs;
  const start = new Date(Math.round(since / unit) * unit);
  const table = daily ? 'check_statuses_1d' : 'check_statuses_1h';
  return {
    source: table,
    start,
    // The per-request query; the window-start snapshots are read once and cached by summarise().
    run: (db) => cumulativeSummaries(db, start),
  };
}
