import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import { byName, type FeatureFlagInput } from './feature-flag-input.ts';

export function useUpdateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value, description }: FeatureFlagInput) =>
      apiRequest('db', '/properties', z.unknown(), {
        method: 'PATCH',
        query: byName(name),
        body: { value, description },
      }),
    onSuccess: async () => {
      toast.success('Feature flag updated successfully');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.properties() });
    },
  });
}
