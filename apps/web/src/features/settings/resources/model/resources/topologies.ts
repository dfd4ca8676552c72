import type { ResourceDefinition } from '../resource-definition.ts';

export const topologiesResource: ResourceDefinition = {
  table: 'topologies',
  title: 'Topologies',
  singular: 'Topology',
  permission: 'topologies',
  listView: 'topologies_with_status',
  hiddenColumns: ['Schedule'],
  tabs: ['spec', 'jobHistory'],
  fields: { icon: true, namespace: true, labels: true, schedule: true },
  jobResourceType: 'topology',
  specSchema: 'topology',
  specTemplate: 'type: Application\ncomponents: []\n',
  hasAgent: true,
  empty: 'A topology builds a tree of components from checks, configs and lookups.',
};
