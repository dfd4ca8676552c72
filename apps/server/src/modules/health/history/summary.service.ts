import type { Database } from '../../../platform/db.ts';
import { fromCumulative, fromExact, type CheckSummary } from './check-summary.ts';
import type { HistoryRetention } from './retention.ts';
import { cumulativeSummaries, exactSummaries } from './summary.repository.ts';

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
): Promise<CheckSummary[]> {
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
  const rows = await cumulativeSummaries(db, table, start, rollingSince, checkId);
  return rows.map(fromCumulative);
}
