import { defineModule } from '../../platform/module.ts';
import { configScrapersWriteHook } from './scraper-admin/config-scrapers.write-hook.ts';
import { scrapeConfigSchemaRoutes } from './scrape-spec/scrape-config-schema.routes.ts';

/** The catalog area: config items, their changes and relationships (tables only so far). */
export const catalogModule = defineModule({
  name: 'catalog',
  routes: [scrapeConfigSchemaRoutes()],
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
});
