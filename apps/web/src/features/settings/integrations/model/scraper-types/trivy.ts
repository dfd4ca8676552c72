import { defineScraperType } from '../scraper-form-type.ts';

export const trivyScraper = defineScraperType({
  specKey: 'trivy',
  label: 'Trivy',
  fields: [
    { path: 'version', label: 'Version', placeholder: '0.40.0' },
    { path: 'timeout', label: 'Timeout', placeholder: '20m' },
  ],
  template: { version: '', kubernetes: {} },
});
