import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { topologyKeys } from './topology-keys.ts';

const agentSchema = z.object({ id: z.string(), name: z.string() });
export type AgentOption = z.infer<typeof agentSchema>;

/** Agents for the Agent filter (spec 001 §7: agents list for filters). */
export function useAgentsQuery() {
  return useQuery({
    queryKey: topologyKeys.agents(),
    queryFn: ({ signal }) =>
      apiRequest('db', '/agents', z.array(agentSchema), {
        query: { select: 'id,name', deleted_at: 'is.null', order: 'name.asc' },
        signal,
      }),
  });
}
