import { startEarlyGet } from '../../../lib/early-request.ts';
import { buildUrl } from '../../../lib/http.ts';
import { defaultDashboardRange } from '../model/dashboard-range.ts';

export function summaryUrl(timeRange: string): string {
  return buildUrl('canary', '/api/summary', { timeRange });
}

/** The /health route's loader: asks for the summary while the page's code still loads. */
export function startSummaryEarly(pageUrl: string): null {
  const timeRange = new URL(pageUrl).searchParams.get('timeRange') || defaultDashboardRange;
  startEarlyGet(summaryUrl(timeRange));
  return null;
}
