import { defineScraperType } from '../scraper-form-type.ts';

export const azureScraper = defineScraperType({
  specKey: 'azure',
  label: 'Azure',
  fields: [
    {
      path: 'connection',
      label: 'Connection',
      required: true,
      placeholder: 'connection://default/azure',
    },
    { path: 'subscriptionID', label: 'Subscription ID' },
    { path: 'organisation', label: 'Organisation' },
  ],
  template: { connection: '' },
});
