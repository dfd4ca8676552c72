import type { ExposedResource } from '../../data-api/resource-definition.ts';

/** Health's tables and views at /api/db. */
export const healthResources: readonly ExposedResource[] = [
  // connection_pairing_approved is set by the write hook from the writer, never by a client.
  {
    name: 'canaries',
    object: 'canaries',
    hiddenColumns: ['connection_pairing_approved'],
    writeOnlyColumns: ['connection_pairing_approved'],
    sourceManaged: true,
  },
  { name: 'checks', object: 'canaries' },
  // The settings list: each canary with its latest and last failed run from job_history.
  { name: 'canaries_with_status', object: 'canaries', readOnly: true },
  // Results are written by the engine and agent pushes, which keep totals and rollups with them.
  { name: 'check_statuses', object: 'canaries', readOnly: true },
  { name: 'check_statuses_1h', object: 'canaries', readOnly: true },
  { name: 'check_statuses_1d', object: 'canaries', readOnly: true },
  { name: 'check_component_relationships', object: 'canaries' },
  { name: 'check_config_relationships', object: 'canaries' },
  { name: 'checks_by_component', object: 'canaries', readOnly: true },
];
