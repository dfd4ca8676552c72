/** What the catalog lends other areas: the agents area stores catalog pushes through it. */
export { writeCatalogPush } from './agent-push/catalog-push.service.ts';
export { catalogRowCount } from './agent-push/catalog-push.schema.ts';
