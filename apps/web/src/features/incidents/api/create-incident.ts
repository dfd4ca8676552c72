import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateIncidents } from './invalidate.ts';

export interface NewIncident {
  title: string;
  description: string;
  type: string;
  severity: string;
  status: string;
  /** A component the incident is about (the topology parameter): linked as evidence. */
  componentId?: string | undefined;
}

const created = z.array(z.object({ id: z.string() }));

export async function createIncident(input: NewIncident): Promise<string> {
  const { componentId, ...incident } = input;
  const [row] = await apiRequest('db', '/incidents', created, { method: 'POST', body: incident });
  if (!row) throw new Error('The incident was not created');
  if (componentId) {
    const roots = await apiRequest('db', '/hypotheses', created, {
      query: { incident_id: `eq.${row.id}`, type: 'eq.root', select: 'id' },
    });
    const root = roots[0];
    if (root) {
      await apiRequest('db', '/evidences', z.unknown(), {
        method: 'POST',
        body: { hypothesisId: root.id, type: 'topology', component_id: componentId },
      });
    }
  }
  return row.id;
}

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncident,
    onSuccess: () => invalidateIncidents(queryClient),
  });
}
