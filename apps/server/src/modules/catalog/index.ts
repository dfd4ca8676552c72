/**
 * What the catalog lends other areas: the agents area takes catalog rows in its push, and the
 * Kubernetes-style API serves ScrapeConfig with the catalog's JSON schema, and topologies
 * look config items up.
 */
export { writeCatalogPush } from './agent-push/catalog-push.service.ts';
export {
  catalogPushResources,
  catalogPushShape,
  catalogRowCount,
  type CatalogPushAnswer,
} from './agent-push/catalog-push.schema.ts';
export { scrapeConfigJsonSchema } from './scrape-spec/scrape-config-schema.ts';
export {
  configTagValues,
  findConfigItems,
  type ConfigItemQuery,
  type ConfigItemRow,
} from './queries/config-lookup.repository.ts';
