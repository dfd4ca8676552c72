import type { ResourceDefinition } from '../resource-definition.ts';

export const incidentRulesResource: ResourceDefinition = {
  table: 'incident_rules',
  title: 'Incident Rules',
  singular: 'Rule',
  permission: 'database',
  // Spec 002 §7: incident_rules are read from the table, not a _with_status view.
  listView: 'incident_rules',
  hiddenColumns: ['Schedule', 'Namespace', 'Job Status', 'Last Run', 'Last Failed', 'Tags'],
  tabs: ['spec', 'jobHistory'],
  fields: { icon: false, namespace: false, labels: false, schedule: false },
  jobResourceType: 'incident_rule',
  specTemplate: 'filter: {}\n',
  hasAgent: false,
  empty: 'Incident rules open incidents from failing checks and unhealthy components.',
};
