import { useQuery } from '@tanstack/react-query';
import { checkSummaryResponseSchema, type CheckSummary } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

export async function fetchSummary(
  timeRange: string,
  signal?: AbortSignal,
): Promise<CheckSummary[]> {
  // The same URL as summaryUrl(), so the route loader's early answer is taken.
  const answer = await apiRequest('canary', '/api/summary', checkSummaryResponseSchema, {
    query: { timeRange },
    signal,
  });
  return answer.checks_summary;
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
