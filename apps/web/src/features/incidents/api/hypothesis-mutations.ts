import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateIncidents } from './invalidate.ts';

export interface NewHypothesis {
  incident_id: string;
  parent_id: string;
  title: string;
  status: string;
}

export function useCreateHypothesis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewHypothesis) =>
      apiRequest('db', '/hypotheses', z.unknown(), { method: 'POST', body: input }),
    onSuccess: () => invalidateIncidents(queryClient),
  });
}

export function useUpdateHypothesis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; title?: string; status?: string }) =>
      apiRequest('db', '/hypotheses', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: patch,
      }),
    onSuccess: () => invalidateIncidents(queryClient),
  });
}

/** Its comments and evidence go with it, in the server's one transaction (spec 002 §7). */
export function useDeleteHypothesis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/hypotheses', z.unknown(), { method: 'DELETE', query: { id: `eq.${id}` } }),
    onSuccess: () => invalidateIncidents(queryClient),
    // Spec §8: a hypothesis delete error is only logged.
    onError: (error) => console.error(error),
    meta: { toast: false },
  });
}
