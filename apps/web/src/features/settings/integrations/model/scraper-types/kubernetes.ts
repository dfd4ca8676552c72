import { defineScraperType } from '../scraper-form-type.ts';

export const kubernetesScraper = defineScraperType({
  specKey: 'kubernetes',
  label: 'Kubernetes',
  fields: [
    { path: 'clusterName', label: 'Cluster name', required: true },
    { path: 'connection', label: 'Connection', placeholder: 'connection://default/cluster' },
    { path: 'namespace', label: 'Namespace' },
  ],
  template: { clusterName: '' },
  schedule: '@every 30m',
});
