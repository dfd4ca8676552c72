import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { topologyKeys } from './topology-keys.ts';

interface ConfigLink {
  componentId: string;
  configId: string;
}

async function refresh(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: topologyKeys.all }),
    queryClient.invalidateQueries({ queryKey: configKeys.all }),
  ]);
}

/** Links a config to a component by hand (spec 001 §4: link flow, success toast). */
export function useLinkConfig(onLinked: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ componentId, configId }: ConfigLink) =>
      apiRequest('db', '/config_component_relationships', z.unknown(), {
        method: 'POST',
        body: { component_id: componentId, config_id: configId, selector_id: 'manual' },
      }),
    onSuccess: async () => {
      toast.success('config link successful');
      onLinked();
      await refresh(queryClient);
    },
    onError: (error) => toast.error(error.message),
    meta: { toast: false },
  });
}

/** Removes a manual link; the server refuses the others (spec 001 §6). */
export function useUnlinkConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ componentId, configId }: ConfigLink) =>
      apiRequest('db', '/config_component_relationships', z.unknown(), {
        method: 'DELETE',
        query: {
          component_id: `eq.${componentId}`,
          config_id: `eq.${configId}`,
          selector_id: 'eq.manual',
        },
      }),
    onSuccess: async () => {
      toast.success('Deleted config link successfully');
      await refresh(queryClient);
    },
    onError: (error) => toast.error(error.message),
    meta: { toast: false },
  });
}
