import type { ResourceDefinition } from '../resource-definition.ts';

export const loggingBackendsResource: ResourceDefinition = {
  table: 'logging_backends',
  title: 'Log Backends',
  singular: 'Log Backend',
  permission: 'logging_backends',
  listView: 'logging_backends_with_status',
  hiddenColumns: ['Schedule', 'Namespace'],
  tabs: ['spec'],
  fields: { icon: false, namespace: true, labels: true, schedule: false },
  specTemplate: 'loki:\n  url: http://loki:3100\n',
  hasAgent: true,
  empty: 'A log backend lets the console search logs in Loki, Elasticsearch or OpenSearch.',
};
