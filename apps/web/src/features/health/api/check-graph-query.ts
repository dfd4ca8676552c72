import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { checkGraphSchema, defaultGraphPointCount } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import type { TimeRange } from '../model/check-time-range.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

/** Buckets asked of the graph call (spec §7: count 300). */
export const graphPointCount = defaultGraphPointCount;

/** The chart, uptime and latency of one check over the chosen range. */
export function useCheckGraph(checkId: string, range: TimeRange) {
  return useQuery({
    queryKey: checkKeys.graph(checkId, range),
    queryFn: ({ signal }) =>
      apiRequest('canary', '/api/graph', checkGraphSchema, {
        query: { check: checkId, count: graphPointCount, start: range },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
