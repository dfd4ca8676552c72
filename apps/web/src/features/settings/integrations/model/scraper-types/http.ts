import { defineScraperType } from '../scraper-form-type.ts';

export const httpScraper = defineScraperType({
  specKey: 'http',
  label: 'HTTP',
  fields: [
    { path: 'url', label: 'URL', required: true, placeholder: 'https://api.example.com/items' },
    { path: 'type', label: 'Type', required: true },
    { path: 'id', label: 'ID', required: true, placeholder: '$.id' },
    { path: 'method', label: 'Method', placeholder: 'GET' },
  ],
  template: { url: '', type: '', id: '' },
});
