import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import type { ValueResolver } from '../../platform/values/values.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import type { Enqueue } from '../events/index.ts';
import { catalogFunctions, catalogResources } from './catalog.resources.ts';
import { catalogSearch } from './catalog.search.ts';
import { ingestScrapeResult } from './ingest/ingest.ts';
import { catalogQueriesRoutes } from './queries/catalog-queries.routes.ts';
import { createCatalogQueriesService } from './queries/catalog-queries.service.ts';
import { manualLinkHooks } from './relationships/manual-links.write-hook.ts';
import {
  createCatalogLifecycleWorker,
  defaultCatalogLifecycleSettings,
  type CatalogLifecycleSettings,
} from './retention/retention.worker.ts';
import type { IngestScrapeResult } from './scrape-job.ts';
import { scrapeConfigSchemaRoutes } from './scrape-spec/scrape-config-schema.routes.ts';
import { configScrapersWriteHook } from './scraper-admin/config-scrapers.write-hook.ts';
import { scraperRunRoutes } from './scraper-runs/scraper-runs.routes.ts';
import { createScraperScheduler } from './scraper-runs/scraper-scheduler.ts';

export interface CatalogModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  /** The event queue's enqueue(): ingests queue config.* events through it. */
  readonly enqueue: Enqueue;
  readonly lifecycle?: CatalogLifecycleSettings;
}

/**
 * The catalog area: scrapers (spec, write path, scheduler and runs), the ingest of their
 * results, config items with their changes, insights and relationships, the catalog queries,
 * and the lifecycle worker (retention per scraper and the insight lifecycle).
 */
export function createCatalogModule(deps: CatalogModuleDeps): VigilModule {
  const { db, log } = deps;
  const ingest: IngestScrapeResult = (database, scraper, result, options) =>
    ingestScrapeResult(database, scraper, result, { ...options, enqueue: deps.enqueue });
  const runs = { db, log, connections: deps.connections, values: deps.values, ingest };
  return defineModule({
    name: 'catalog',
    routes: [
      catalogQueriesRoutes(createCatalogQueriesService(db)),
      scrapeConfigSchemaRoutes(),
      scraperRunRoutes(runs),
    ],
    resources: catalogResources,
    functions: catalogFunctions,
    writeHooks: { ...manualLinkHooks, config_scrapers: configScrapersWriteHook },
    search: [catalogSearch],
    workers: [
      createScraperScheduler(runs),
      createCatalogLifecycleWorker(db, log, deps.lifecycle ?? defaultCatalogLifecycleSettings),
    ],
  });
}
