import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import {
  createCatalogLifecycleWorker,
  defaultCatalogLifecycleSettings,
  type CatalogLifecycleSettings,
} from './retention/retention.worker.ts';

/** The catalog area: config items, their changes and relationships (tables only so far). */
export const catalogModule = defineModule({
  name: 'catalog',
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
});

/** The catalog area with its workers: retention per scraper and the insight lifecycle. */
export function createCatalogModule(
  db: Database,
  log: Logger,
  lifecycle: CatalogLifecycleSettings = defaultCatalogLifecycleSettings,
): VigilModule {
  return defineModule({
    ...catalogModule,
    workers: [...(catalogModule.workers ?? []), createCatalogLifecycleWorker(db, log, lifecycle)],
  });
}
