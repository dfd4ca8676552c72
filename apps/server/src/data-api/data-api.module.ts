import type { Database } from '../platform/db.ts';
import { exposedFunctions, exposedResources } from './allowlist.ts';
import { createDataApiService } from './data-api.service.ts';
import { dataApiRoutes } from './data-api.routes.ts';
import { createRegistry, type DataApiRegistry } from './registry.ts';
import type { WriteHooks } from './write-hooks.ts';

export type DataApiService = ReturnType<typeof createDataApiService>;

export interface DataApiModule {
  readonly registry: DataApiRegistry;
  readonly routes: ReturnType<typeof dataApiRoutes>;
  /** For modules that write through the data API (and so its write hooks) without HTTP. */
  readonly service: DataApiService;
}

/** Wires the data API from the code allowlist, the live schema and the areas' write hooks. */
export async function createDataApi(
  db: Database,
  hooks: WriteHooks = new Map(),
): Promise<DataApiModule> {
  const registry = await createRegistry(db.pool, exposedResources, exposedFunctions, hooks);
  const service = createDataApiService(db, registry);
  return { registry, routes: dataApiRoutes(service), service };
}
