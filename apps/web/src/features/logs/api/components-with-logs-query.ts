import { useQuery } from '@tanstack/react-query';
import { componentWithLogsSchema } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { logsKeys } from './logs-keys.ts';

/** The Component picker: GET /components_with_logs?order=name.asc (spec 001 §7). */
export function useComponentsWithLogsQuery() {
  return useQuery({
    queryKey: logsKeys.components(),
    queryFn: async ({ signal }) =>
      (
        await apiList('db', '/components_with_logs', componentWithLogsSchema, {
          query: { order: 'name.asc' },
          signal,
        })
      ).data,
  });
}
