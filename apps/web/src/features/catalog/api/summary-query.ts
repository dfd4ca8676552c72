import { useQuery } from '@tanstack/react-query';
import { catalogSummaryResponseSchema, type CatalogSummaryRequest } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';

/** Config counts by group, with health, 30-day changes, insights and cost (spec 001 §7). */
export function useSummaryQuery(request: CatalogSummaryRequest, enabled: boolean) {
  return useQuery({
    queryKey: configKeys.summary({ ...request }),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('catalog', '/summary', catalogSummaryResponseSchema, {
        method: 'POST',
        body: request,
        signal,
      }),
  });
}
