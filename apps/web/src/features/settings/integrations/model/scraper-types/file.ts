import { defineScraperType } from '../scraper-form-type.ts';

export const fileScraper = defineScraperType({
  specKey: 'file',
  label: 'File',
  fields: [
    { path: 'type', label: 'Type', required: true, placeholder: 'File' },
    { path: 'id', label: 'ID', placeholder: '$.id' },
    { path: 'format', label: 'Format', required: true, placeholder: 'json, yaml or properties' },
    { path: 'icon', label: 'Icon', required: true },
    { path: 'paths', label: 'Paths', kind: 'list', placeholder: '/etc/app/*.yaml' },
  ],
  template: { type: '', format: 'yaml', icon: 'file', paths: [] },
});
