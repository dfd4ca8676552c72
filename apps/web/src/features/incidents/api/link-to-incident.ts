import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { createIncident } from './create-incident.ts';
import { invalidateIncidents } from './invalidate.ts';

/** What a Link to Incident dialog links: a check, a config item or a component. */
export interface LinkTarget {
  kind: 'check' | 'config' | 'component';
  id: string;
  name: string;
}

export interface LinkRequest {
  target: LinkTarget;
  /** An existing incident, or a new one to create. */
  incident: { id: string } | { title: string; type: string; severity: string };
  /** An existing hypothesis, or the title of a new factor under the root. */
  hypothesis: { id: string } | { title: string };
  description: string;
}

const ids = z.array(z.object({ id: z.string() }));

const evidenceOf: Record<LinkTarget['kind'], { type: string; column: string }> = {
  check: { type: 'check', column: 'check_id' },
  config: { type: 'config', column: 'config_id' },
  component: { type: 'topology', column: 'component_id' },
};

async function rootOf(incidentId: string): Promise<string> {
  const [root] = await apiRequest('db', '/hypotheses', ids, {
    query: { incident_id: `eq.${incidentId}`, type: 'eq.root', select: 'id' },
  });
  if (!root) throw new Error('The incident has no root hypothesis');
  return root.id;
}

/** Creates what is missing (incident, hypothesis), then the evidence; answers the incident id. */
export async function linkToIncident(request: LinkRequest): Promise<string> {
  const incidentId =
    'id' in request.incident
      ? request.incident.id
      : await createIncident({ ...request.incident, description: '', status: 'open' });
  let hypothesisId: string;
  if ('id' in request.hypothesis) hypothesisId = request.hypothesis.id;
  else {
    const [created] = await apiRequest('db', '/hypotheses', ids, {
      method: 'POST',
      body: {
        incident_id: incidentId,
        parent_id: await rootOf(incidentId),
        title: request.hypothesis.title,
        status: 'possible',
      },
    });
    if (!created) throw new Error('The hypothesis was not created');
    hypothesisId = created.id;
  }
  const { type, column } = evidenceOf[request.target.kind];
  await apiRequest('db', '/evidences', z.unknown(), {
    method: 'POST',
    body: {
      hypothesisId,
      type,
      [column]: request.target.id,
      description: request.description.trim() || request.target.name,
    },
  });
  return incidentId;
}

export function useLinkToIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkToIncident,
    onSuccess: () => invalidateIncidents(queryClient),
    // Spec 002 §8: a failure while linking is logged and linking stops, with no message.
    onError: (error) => console.error(error),
    meta: { toast: false },
  });
}
