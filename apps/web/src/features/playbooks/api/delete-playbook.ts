import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { playbookKeys } from './playbook-keys.ts';

/** A soft delete (spec 002 §4): deleted_at is set through the data API. */
export function useDeletePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      apiRequest('db', '/playbooks', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { deleted_at: new Date().toISOString() },
      }),
    // Spec 002 §8: 'Unable to delete playbook spec: ...'.
    meta: { toast: false },
    onSuccess: async (_data, { name }) => {
      toast.success(`${name} deleted successfully`);
      await queryClient.invalidateQueries({ queryKey: playbookKeys.all, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: playbookKeys.lists() });
    },
    onError: (error) => toast.error(`Unable to delete playbook spec: ${error.message}`),
  });
}
