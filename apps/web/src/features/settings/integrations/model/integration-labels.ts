import type { IntegrationType } from '../api/integrations-query.ts';

/** How each integration type is named in the list and the detail breadcrumb. */
export const integrationTypeLabels: Record<IntegrationType, string> = {
  scrapers: 'Catalog Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};
