import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { agentKeys } from './agent-keys.ts';

export interface DeleteAgentInput {
  id: string;
  /** Also soft-delete the canaries, checks and other resources the agent created. */
  cleanup: boolean;
}

/** Soft delete (spec 000 §4): PATCH deleted_at now, with the cleanup flag. */
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cleanup }: DeleteAgentInput) =>
      apiRequest('db', '/agents', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: { deleted_at: new Date().toISOString(), cleanup },
      }),
    onSuccess: async (_answer, { cleanup }) => {
      toast.success('Agent deleted');
      // A cleanup also removes checks and other resources that other screens list.
      await queryClient.invalidateQueries(cleanup ? undefined : { queryKey: agentKeys.all });
    },
  });
}
