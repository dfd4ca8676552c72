import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** The console's search: it knows no area, only what each module's `search` declares. */
export function createSearchModule(db: Database, areas: readonly VigilModule[]): VigilModule {
  const providers = areas.flatMap((area) => area.search ?? []);
  return defineModule({
    name: 'search',
    routes: [searchRoutes(createSearchService(db, providers))],
  });
}
