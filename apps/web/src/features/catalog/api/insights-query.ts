import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { insightsQuery, type InsightsUrlState } from '../model/insights-url-state.ts';
import { configInsightSchema } from './catalog-schemas.ts';

/** One page of insights; a load failure is a toast (spec 001 §8). */
export function useInsightsQuery(state: InsightsUrlState, configId: string | undefined) {
  // The open dialog is not a filter: opening one must not refetch the list.
  const filters = { ...state, insight: undefined };
  return useQuery({
    queryKey: configKeys.insights({ ...filters, configId: configId ?? state.configId }),
    queryFn: ({ signal }) =>
      apiList('db', '/config_analysis', configInsightSchema, {
        query: insightsQuery(state, configId),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInsightQuery(id: string | undefined) {
  return useQuery({
    queryKey: [...configKeys.insights({}), 'detail', id ?? ''],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/config_analysis', z.array(configInsightSchema), {
        query: {
          select: '*,config:config_items(id,name,type,deleted_at)',
          id: `eq.${id ?? ''}`,
        },
        signal,
      });
      return rows[0] ?? null;
    },
  });
}
