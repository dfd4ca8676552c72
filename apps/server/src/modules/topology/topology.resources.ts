import type { ExposedResource } from '../../data-api/resource-definition.ts';

/** The topology's tables and views at /api/db (spec 001 §7 "Topology calls"). */
export const topologyResources: readonly ExposedResource[] = [
  { name: 'topologies', object: 'topologies', sourceManaged: true },
  { name: 'components', object: 'topologies' },
  { name: 'component_relationships', object: 'topologies' },
  { name: 'team_components', object: 'topologies' },
  { name: 'component_names', object: 'topologies', readOnly: true },
  { name: 'component_labels', object: 'topologies', readOnly: true },
];
