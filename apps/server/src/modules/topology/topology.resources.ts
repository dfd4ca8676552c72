import type { ExposedResource } from '../../data-api/resource-definition.ts';

/** The topology's tables and views at /api/db (spec 001 §7 "Topology calls"). */
export const topologyResources: readonly ExposedResource[] = [
  // connection_pairing_approved is set by the write hook from the writer, never by a client.
  {
    name: 'topologies',
    object: 'topologies',
    hiddenColumns: ['connection_pairing_approved'],
    writeOnlyColumns: ['connection_pairing_approved'],
    sourceManaged: true,
  },
  // response_json is GET /api/topology's text of a component, kept by a trigger (0195).
  { name: 'components', object: 'topologies', hiddenColumns: ['response_json'] },
  { name: 'component_relationships', object: 'topologies' },
  { name: 'team_components', object: 'topologies' },
  { name: 'component_names', object: 'topologies', readOnly: true },
  { name: 'component_labels', object: 'topologies', readOnly: true },
];
