import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http.ts';
import { checkKeys } from '@/lib/resource-keys.ts';
import { checkSummaryListSchema, type CheckSummary } from '../model/check-summary.ts';

export function fetchSummary(timeRange: string, signal?: AbortSignal): Promise<CheckSummary[]> {
  // The same URL as summaryUrl(), so the route loader's early answer is taken.
  return apiRequest('canary', '/api/summary', checkSummaryListSchema, {
    query: { timeRange },
    signal,
  });
}

/** Polls the summary at the chosen refresh rate (0 = never). */
export function useSummaryQuery(timeRange: string, refreshMs: number) {
  return useQuery({
    queryKey: checkKeys.summary(timeRange),
    queryFn: ({ signal }) => fetchSummary(timeRange, signal),
    refetchInterval: refreshMs > 0 ? refreshMs : false,
    staleTime: 0,
  });
}
