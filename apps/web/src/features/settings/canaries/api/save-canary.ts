import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { consoleSource } from '@/lib/managed-source.ts';
import type { CanaryRowInput } from '../model/canary-resource.ts';
import { invalidateCanary } from '@/lib/resource-keys.ts';

export type SaveCanaryInput = { id: string | undefined; row: CanaryRowInput };

/**
 * POST a new canary (source UI) or PATCH an existing one. Name and namespace never change on
 * edit. A failure toasts (spec 002 §8); the form also shows a 400 under the field it names.
 */
export function useSaveCanary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, row }: SaveCanaryInput) =>
      id === undefined
        ? apiRequest('db', '/canaries', z.unknown(), {
            method: 'POST',
            query: { select: 'id' },
            body: { ...row, source: consoleSource },
          })
        : apiRequest('db', '/canaries', z.unknown(), {
            method: 'PATCH',
            query: { id: `eq.${id}`, select: 'id' },
            body: { labels: row.labels, spec: row.spec },
          }),
    onSuccess: async (_data, { id, row }) => {
      toast.success(`${row.name} ${id === undefined ? 'created' : 'updated'} successfully`);
      await invalidateCanary(queryClient);
    },
  });
}
