import { useQuery } from '@tanstack/react-query';
import { topologyResponseSchema, type TopologyQuery } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { topologyKeys } from './topology-keys.ts';

/** `GET /api/topology` with the dashboard's filters (spec 001 §7). */
export function useTopologyQuery(query: TopologyQuery) {
  return useQuery({
    queryKey: topologyKeys.tree(query),
    queryFn: ({ signal }) =>
      apiRequest('root', '/topology', topologyResponseSchema, { query, signal }),
  });
}
