import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateIncidents } from './invalidate.ts';

export interface NewEvidence {
  hypothesisId: string;
  type: string;
  description: string;
  definition_of_done?: boolean;
  script?: string;
  component_id?: string;
  config_id?: string;
  check_id?: string;
}

export function useCreateEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEvidence) =>
      apiRequest('db', '/evidences', z.unknown(), { method: 'POST', body: input }),
    onSuccess: () => invalidateIncidents(queryClient),
  });
}

export type EvidencePatch = Partial<{
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  description: string;
}>;

/** The failure toast of each definition-of-done change (spec 002 §8). */
function failureOf(patch: EvidencePatch): string {
  if (patch.definition_of_done === false) return 'Removing evidence from definition of done failed';
  return 'Marking evidence as part of definition of done failed';
}

export function useUpdateEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EvidencePatch }) =>
      apiRequest('db', '/evidences', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: patch,
      }),
    onSuccess: () => invalidateIncidents(queryClient),
    onError: (_error, { patch }) => toast.error(failureOf(patch)),
    meta: { toast: false },
  });
}

export function useDeleteEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/evidences', z.unknown(), { method: 'DELETE', query: { id: `eq.${id}` } }),
    onSuccess: () => invalidateIncidents(queryClient),
    onError: () => toast.error('Evidence delete failed'),
    meta: { toast: false },
  });
}
