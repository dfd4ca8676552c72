import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateIncidents } from './invalidate.ts';

export interface NewResponder {
  incident_id: string;
  type: string;
  person_id?: string;
  team_id?: string;
  properties: Record<string, string>;
}

export function useCreateResponder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewResponder) =>
      apiRequest('db', '/responders', z.unknown(), {
        method: 'POST',
        query: { select: '*' },
        body: input,
      }),
    onSuccess: () => {
      toast.success('Responder added successfully');
      return invalidateIncidents(queryClient);
    },
  });
}

/** A responder is removed by setting deleted_at (spec 002 §7). */
export function useDeleteResponder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/responders', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: () => {
      toast.success('Responder deleted successfully');
      return invalidateIncidents(queryClient);
    },
  });
}
