import { defineScraperType } from '../scraper-form-type.ts';

export const sqlScraper = defineScraperType({
  specKey: 'sql',
  label: 'SQL',
  fields: [
    {
      path: 'connection',
      label: 'Connection',
      required: true,
      placeholder: 'connection://default/postgres',
    },
    { path: 'type', label: 'Type', required: true },
    { path: 'id', label: 'ID', required: true, placeholder: '$.id' },
    { path: 'query', label: 'Query', required: true, kind: 'textarea' },
  ],
  template: { connection: '', type: '', id: '', query: '' },
});
