import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/http.ts';
import { agentSummarySchema } from '../model/agent-summary.ts';
import { agentsListQuery, type AgentListParams } from '../model/agent-url-state.ts';
import { agentKeys } from './agent-keys.ts';

/** One page of agents, sorted by the server; the previous page stays while the next loads. */
export function useAgentsQuery(params: AgentListParams) {
  return useQuery({
    queryKey: agentKeys.list(params),
    // Online means seen within 61 s: refetch so that the status does not go stale on screen.
    refetchInterval: 30_000,
    queryFn: ({ signal }) =>
      apiList('db', '/agents_summary', agentSummarySchema, {
        query: agentsListQuery(params),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}
