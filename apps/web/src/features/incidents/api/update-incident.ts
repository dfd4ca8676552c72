import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateIncidents } from './invalidate.ts';

export type IncidentPatch = Partial<Record<'title' | 'type' | 'severity' | 'status', string>>;

export function useUpdateIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: IncidentPatch) =>
      apiRequest('db', '/incidents', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: patch,
      }),
    onSuccess: (_data, patch) => {
      if (patch.status !== undefined) toast.success('Incident status updated successfully');
      return invalidateIncidents(queryClient);
    },
    onError: (_error, patch) => {
      if (patch.status !== undefined) toast.error('Incident status updated failed');
    },
    meta: { toast: false },
  });
}
