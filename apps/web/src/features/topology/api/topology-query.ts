import { useQuery } from '@tanstack/react-query';
import { topologyResponseSchema } from '@vigil/domain';
import type { TopologyApiQuery } from '@/features/topology/model/component-types.ts';
import { apiRequest } from '@/lib/http.ts';
import { topologyKeys } from './topology-keys.ts';

/** `GET /api/topology` with the dashboard's filters (spec 001 §7). */
export function useTopologyQuery(query: TopologyApiQuery) {
  return useQuery({
    queryKey: topologyKeys.tree(query),
    queryFn: ({ signal }) =>
      apiRequest('root', '/topology', topologyResponseSchema, { query, signal }),
  });
}
