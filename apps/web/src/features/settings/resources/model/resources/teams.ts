import type { ResourceDefinition } from '../resource-definition.ts';

export const teamsResource: ResourceDefinition = {
  table: 'teams',
  title: 'Teams',
  singular: 'Team',
  permission: 'database',
  listView: 'teams_with_status',
  hiddenColumns: ['Schedule', 'Namespace'],
  tabs: ['spec', 'manageTeam', 'jobHistory'],
  fields: { icon: true, namespace: false, labels: false, schedule: false },
  jobResourceType: 'team',
  specTemplate: 'responder_clients: {}\n',
  hasAgent: false,
  empty: 'A team groups people who respond together, with the responder clients they use.',
};
