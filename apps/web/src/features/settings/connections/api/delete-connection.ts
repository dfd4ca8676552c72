import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { connectionKeys } from './connection-keys.ts';

/** A soft delete (spec 001 §7): deleted_at is set. */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/connections', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: async () => {
      toast.success('Connection deleted successfully');
      await queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}
