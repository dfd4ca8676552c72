import { defineScraperType } from '../scraper-form-type.ts';

/** Code only: the whole spec in YAML (spec 002 §4). */
export const customScraper = defineScraperType({
  specKey: 'custom',
  label: 'Custom',
  fields: [],
  template: {},
});
