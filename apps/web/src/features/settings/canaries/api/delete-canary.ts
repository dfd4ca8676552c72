import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateCanary } from '@/lib/resource-keys.ts';

/** A soft delete (spec 002 §4): deleted_at is set; the server retires the canary's checks. */
export function useDeleteCanary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      apiRequest('db', '/canaries', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: async (_data, { name }) => {
      toast.success(`${name} deleted successfully`);
      // Marked stale, not refetched here: the open edit page would turn into 'not found' and
      // unmount before it could go back to the list. The list refetches when it mounts.
      await invalidateCanary(queryClient, { refetchType: 'none' });
    },
  });
}
