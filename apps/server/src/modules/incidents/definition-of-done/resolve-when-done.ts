import { canMoveIncident } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { definitionOfDoneProgress, setIncidentStatus } from '../incidents.repository.ts';

export const resolvedByDefinitionOfDone = 'Resolved: every definition of done item is done';

/**
 * Resolves an incident once every definition-of-done item is done (issue #25), with its
 * changelog entry, in the caller's transaction. Answers whether it resolved it.
 */
export async function resolveWhenDone(
  client: Queryable,
  incidentId: string,
  by: string | null,
): Promise<boolean> {
  const progress = await definitionOfDoneProgress(client, incidentId);
  if (!progress || progress.items === 0 || progress.open_items > 0) return false;
  if (progress.status === 'resolved' || progress.status === 'closed') return false;
  if (!canMoveIncident(progress.status, 'resolved')) return false;
  await setIncidentStatus(client, incidentId, 'resolved');
  await recordHistory(client, {
    incidentId,
    type: 'incident_status.updated',
    description: `${progress.status} → resolved. ${resolvedByDefinitionOfDone}`,
    createdBy: by,
  });
  return true;
}
