import { isTimeRange, timeRangeMinutes, timeRanges, type TimeRange } from '@vigil/domain';

export { defaultDashboardRange } from '@vigil/domain';

/** The dashboard's Time Range choices (spec §9). */
export const dashboardRanges: readonly TimeRange[] = timeRanges;

/** The window of a time range in minutes; null for one that is not a choice. */
export function rangeMinutes(range: string): number | null {
  return isTimeRange(range) ? timeRangeMinutes[range] : null;
}
