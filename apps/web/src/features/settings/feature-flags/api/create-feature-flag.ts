import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import type { FeatureFlagInput } from './feature-flag-input.ts';

/** A flag made here says so (source UI); the server records who made it. */
export function useCreateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeatureFlagInput) =>
      apiRequest('db', '/properties', z.unknown(), {
        method: 'POST',
        body: { ...input, source: 'UI' },
      }),
    onSuccess: async () => {
      toast.success('Feature flag added successfully');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.properties() });
    },
  });
}
