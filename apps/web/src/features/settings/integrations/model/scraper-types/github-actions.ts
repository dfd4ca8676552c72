import { defineScraperType } from '../scraper-form-type.ts';

export const githubActionsScraper = defineScraperType({
  specKey: 'githubActions',
  label: 'Github Actions',
  fields: [
    { path: 'owner', label: 'Owner', required: true },
    { path: 'repository', label: 'Repository', required: true },
    { path: 'workflows', label: 'Workflows', kind: 'list' },
  ],
  template: { owner: '', repository: '' },
});
