import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { userKeys } from './user-keys.ts';

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/identities', z.unknown(), {
        method: 'DELETE',
        query: { id: `eq.${id}` },
      }),
    onSuccess: async () => {
      toast.success('user deleted successfully');
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
