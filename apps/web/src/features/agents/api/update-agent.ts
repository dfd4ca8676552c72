import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentPatch } from '@vigil/domain';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { agentKeys } from './agent-keys.ts';

/** PATCH /agents?id=eq.{id}; the name is sent unchanged, as the server allows. */
export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AgentPatch }) =>
      apiRequest('db', '/agents', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: patch,
      }),
    onSuccess: async () => {
      toast.success('Agent updated');
      await queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
