import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import { byName } from './feature-flag-input.ts';

export function useDeleteFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('db', '/properties', z.unknown(), { method: 'DELETE', query: byName(name) }),
    onSuccess: async () => {
      toast.success('Feature flag removed successfully');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.properties() });
    },
  });
}
