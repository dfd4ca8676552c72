import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import type { FeatureFlagInput } from './feature-flag-input.ts';

export function useCreateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeatureFlagInput) =>
      apiRequest('db', '/properties', z.unknown(), { method: 'POST', body: input }),
    onSuccess: async () => {
      toast.success('Feature flag added successfully');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.properties() });
    },
  });
}
