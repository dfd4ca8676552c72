import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import { catalogResources, catalogFunctions } from './catalog.resources.ts';
import { catalogQueriesRoutes } from './queries/catalog-queries.routes.ts';
import { createCatalogQueriesService } from './queries/catalog-queries.service.ts';
import { manualLinkHooks } from './relationships/manual-links.write-hook.ts';

/** The catalog area: config items, their changes, insights and relationships, and its queries. */
export function createCatalogModule(db: Database): VigilModule {
  return defineModule({
    name: 'catalog',
    routes: [catalogQueriesRoutes(createCatalogQueriesService(db))],
    resources: catalogResources,
    functions: catalogFunctions,
    writeHooks: manualLinkHooks,
  });
}
