import {
  defaultCheckTimeRange,
  isTimeRange,
  timeRangeMinutes,
  timeRanges,
  type TimeRange,
} from '@vigil/domain';

export type { TimeRange };

/** The picker's choices, shortest first (spec §9). */
export const checkTimeRanges: readonly TimeRange[] = timeRanges;

/** Spec §4: the smallest tier from 1h up covering the age of the last run; 1h when unknown. */
export function defaultRangeForCheck(
  lastRuntime: string | null | undefined,
  now: number,
): TimeRange {
  const at = lastRuntime ? Date.parse(lastRuntime) : Number.NaN;
  return defaultCheckTimeRange(Number.isFinite(at) ? new Date(at) : null, now);
}

export function parseCheckTimeRange(value: string): TimeRange | undefined {
  return isTimeRange(value) ? value : undefined;
}

/**
 * The history call's start as data API date math, resolved by the server so the query key
 * stays put. Whole hours keep 5y within the date math's six digits and 30-day months exact.
 */
export function historySince(range: TimeRange): string {
  const minutes = timeRangeMinutes[range];
  return minutes % 60 === 0 ? `now-${minutes / 60}h` : `now-${minutes}m`;
}
