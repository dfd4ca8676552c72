import { startEarlyGet } from '@/lib/early-request.ts';
import { dashboardSummaryUrl, defaultDashboardRange } from '@vigil/domain';

/** The server names this URL in a preload header of /health, so both must build it alike. */
export const summaryUrl = dashboardSummaryUrl;

/** The /health route's loader: asks for the summary while the page's code still loads. */
export function startSummaryEarly(pageUrl: string): null {
  const timeRange = new URL(pageUrl).searchParams.get('timeRange') || defaultDashboardRange;
  startEarlyGet(summaryUrl(timeRange));
  return null;
}
