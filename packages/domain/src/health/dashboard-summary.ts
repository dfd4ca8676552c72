import { isTimeRange, type TimeRange } from './time-ranges.ts';

/** The /health dashboard's Time Range when the URL sets none (spec §9). */
export const defaultDashboardRange: TimeRange = '1h';

/** The summary the dashboard asks for a time range: one URL for the page and the server's preload. */
export function dashboardSummaryUrl(timeRange: string): string {
  return `/api/canary/api/summary?${new URLSearchParams({ timeRange }).toString()}`;
}

/**
 * The summary a /health page URL will ask for first, or undefined when the URL is not the
 * dashboard or names a range the page would not use as given.
 */
export function dashboardSummaryFor(pathname: string, search: URLSearchParams): string | undefined {
  if (pathname !== '/health' && pathname !== '/health/') return undefined;
  const asked = search.get('timeRange');
  if (asked === null || asked === '') return dashboardSummaryUrl(defaultDashboardRange);
  return isTimeRange(asked) ? dashboardSummaryUrl(asked) : undefined;
}
