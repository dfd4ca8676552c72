import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { consoleSource } from '@/lib/managed-source.ts';
import { playbookKeys } from './playbook-keys.ts';

export interface SavePlaybookInput {
  id: string | undefined;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
}

/**
 * POST a new playbook (source UI) or PATCH the spec of one; name and namespace never change on
 * edit (spec 002 §4). Texts of spec 002 §8; a 400 also marks the field it names.
 */
export function useSavePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, namespace, spec }: SavePlaybookInput) =>
      id === undefined
        ? apiRequest('db', '/playbooks', z.unknown(), {
            method: 'POST',
            query: { select: 'id' },
            body: { name, namespace, spec, source: consoleSource },
          })
        : apiRequest('db', '/playbooks', z.unknown(), {
            method: 'PATCH',
            query: { id: `eq.${id}`, select: 'id' },
            body: { spec },
          }),
    meta: { toast: false },
    onSuccess: async (_data, { id }) => {
      toast.success(`Playbook Spec ${id === undefined ? 'created' : 'updated'} successfully`);
      await queryClient.invalidateQueries({ queryKey: playbookKeys.all });
    },
    onError: (error) => toast.error(`Unable to update playbook spec: ${error.message}`),
  });
}
