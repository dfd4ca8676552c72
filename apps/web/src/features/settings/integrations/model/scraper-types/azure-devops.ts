import { defineScraperType } from '../scraper-form-type.ts';

export const azureDevopsScraper = defineScraperType({
  specKey: 'azureDevops',
  label: 'Azure DevOps',
  fields: [
    { path: 'connection', label: 'Connection', placeholder: 'connection://default/azure-devops' },
    { path: 'organization', label: 'Organization' },
    { path: 'projects', label: 'Projects', kind: 'list' },
  ],
  template: { organization: '', projects: [] },
});
