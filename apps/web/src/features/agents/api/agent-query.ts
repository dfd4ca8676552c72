import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { agentSummarySchema, agentSummarySelect } from '../model/agent-summary.ts';
import { agentKeys } from './agent-keys.ts';

/** GET /agents_summary?id=eq.{id}: undefined id means no drawer; null data means not found. */
export function useAgentQuery(id: string | undefined) {
  return useQuery({
    queryKey: agentKeys.detail(id ?? ''),
    enabled: id !== undefined,
    // Online means seen within 61 s: refetch so that the status does not go stale on screen.
    refetchInterval: 30_000,
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/agents_summary', z.array(agentSummarySchema), {
        query: { select: agentSummarySelect, id: `eq.${id ?? ''}` },
        signal,
      });
      return rows[0] ?? null;
    },
  });
}
