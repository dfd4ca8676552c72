import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentCreatedSchema, type AgentCreate } from '@vigil/domain';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/http.ts';
import { agentKeys } from './agent-keys.ts';

/** POST /api/agent/generate: the answer holds the access token, once. */
export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agent: AgentCreate) =>
      apiRequest('agent', '/generate', agentCreatedSchema, { method: 'POST', body: agent }),
    onSuccess: async () => {
      toast.success('Agent created');
      await queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
