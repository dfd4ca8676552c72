import type { ResourceDefinition } from '../resource-definition.ts';

export const configScrapersResource: ResourceDefinition = {
  table: 'config_scrapers',
  title: 'Catalog Scrapers',
  singular: 'Catalog Scraper',
  permission: 'config_scrapers',
  listView: 'config_scrapers_with_status',
  // Spec 002 §2: scrapers hide namespace and schedule (the schedule lives in the spec).
  hiddenColumns: ['Namespace', 'Schedule'],
  tabs: ['spec', 'jobHistory'],
  fields: { icon: true, namespace: true, labels: true, schedule: false },
  jobResourceType: 'config_scraper',
  specSchema: 'scrape-config',
  specTemplate: 'file:\n  - type: File\n    paths:\n      - /etc/hosts\n',
  hasAgent: true,
  empty: 'A catalog scraper finds configuration items in a cluster, a cloud account or files.',
};
