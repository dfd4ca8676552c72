import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import type { ConnectionResolver } from '../connections/connections.module.ts';
import type { ValueResolver } from '../health/engine/values.ts';
import type { IngestScrapeResult } from './scrape-job.ts';
import { configScrapersWriteHook } from './scraper-admin/config-scrapers.write-hook.ts';
import { createScraperScheduler } from './scraper-runs/scraper-scheduler.ts';
import { scraperRunRoutes } from './scraper-runs/scraper-runs.routes.ts';
import { scrapeConfigSchemaRoutes } from './scrape-spec/scrape-config-schema.routes.ts';

export interface CatalogModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  /** `ingestScrapeResult` of ingest/ingest.ts; without it scrapers are stored but never run. */
  readonly ingest?: IngestScrapeResult;
}

/** The catalog area: config items, their changes and relationships, and the scrapers. */
export function createCatalogModule(deps: CatalogModuleDeps) {
  const runs = deps.ingest
    ? {
        db: deps.db,
        log: deps.log,
        connections: deps.connections,
        values: deps.values,
        ingest: deps.ingest,
      }
    : undefined;
  return defineModule({
    name: 'catalog',
    routes: [scrapeConfigSchemaRoutes(), scraperRunRoutes(runs)],
    resources: [
      { name: 'config_scrapers', object: 'config_scrapers' },
      { name: 'config_items', object: 'database' },
      { name: 'config_items_last_scraped_time', object: 'database', readOnly: true },
      { name: 'configs', object: 'database', readOnly: true },
      { name: 'config_item_summaries', object: 'database', readOnly: true },
      { name: 'config_changes', object: 'database' },
      { name: 'config_analysis', object: 'database' },
      { name: 'config_relationships', object: 'database' },
      { name: 'config_component_relationships', object: 'database' },
    ],
    functions: [{ name: 'related_configs_recursive', object: 'database' }],
    writeHooks: { config_scrapers: configScrapersWriteHook },
    workers: runs ? [createScraperScheduler(runs)] : [],
  });
}
