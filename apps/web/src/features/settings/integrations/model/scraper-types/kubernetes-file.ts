import { defineScraperType } from '../scraper-form-type.ts';

export const kubernetesFileScraper = defineScraperType({
  specKey: 'kubernetesFile',
  label: 'Kubernetes File',
  fields: [
    { path: 'type', label: 'Type', required: true },
    { path: 'id', label: 'ID', required: true, placeholder: '$.metadata.name' },
    { path: 'selector.namespace', label: 'Pod namespace' },
    { path: 'selector.kind', label: 'Pod kind' },
  ],
  template: { type: '', id: '', selector: { kind: 'Pod' } },
});
