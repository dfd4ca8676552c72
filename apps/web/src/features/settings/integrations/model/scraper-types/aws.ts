import { defineScraperType } from '../scraper-form-type.ts';

export const awsScraper = defineScraperType({
  specKey: 'aws',
  label: 'AWS',
  fields: [
    { path: 'connection', label: 'Connection', placeholder: 'connection://default/aws' },
    { path: 'region', label: 'Regions', kind: 'list', placeholder: 'eu-west-1, us-east-1' },
  ],
  template: { region: [] },
});
