import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import { catalogFunctions, catalogResources } from './catalog.resources.ts';
import { catalogSearch } from './catalog.search.ts';
import { catalogQueriesRoutes } from './queries/catalog-queries.routes.ts';
import { createCatalogQueriesService } from './queries/catalog-queries.service.ts';
import { manualLinkHooks } from './relationships/manual-links.write-hook.ts';
import { configScrapersWriteHook } from './scraper-admin/config-scrapers.write-hook.ts';
import { scrapeConfigSchemaRoutes } from './scrape-spec/scrape-config-schema.routes.ts';
import {
  createCatalogLifecycleWorker,
  defaultCatalogLifecycleSettings,
  type CatalogLifecycleSettings,
} from './retention/retention.worker.ts';

/**
 * The catalog area: config items, their changes, insights and relationships, its queries, and
 * its workers (retention per scraper and the insight lifecycle).
 */
export function createCatalogModule(
  db: Database,
  log: Logger,
  lifecycle: CatalogLifecycleSettings = defaultCatalogLifecycleSettings,
): VigilModule {
  return defineModule({
    name: 'catalog',
    routes: [catalogQueriesRoutes(createCatalogQueriesService(db)), scrapeConfigSchemaRoutes()],
    resources: catalogResources,
    functions: catalogFunctions,
    writeHooks: { ...manualLinkHooks, config_scrapers: configScrapersWriteHook },
    search: [catalogSearch],
    workers: [createCatalogLifecycleWorker(db, log, lifecycle)],
  });
}
