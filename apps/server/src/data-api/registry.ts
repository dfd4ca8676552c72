import type { Queryable } from '../platform/db.ts';
import { buildExposure, type Exposure } from './exposure.ts';
import type { ExposedFunction, ExposedResource } from './resource-definition.ts';
import { loadSchemaCache } from './schema-cache.ts';
import type { WriteHooks } from './write-hooks.ts';

/** What the data API serves: the allowlist joined with the live schema, plus write hooks. */
export interface DataApiRegistry {
  exposure(): Exposure;
  readonly hooks: WriteHooks;
  /** Re-reads pg_catalog; called after migrations. */
  reload(db: Queryable): Promise<void>;
}

export async function createRegistry(
  db: Queryable,
  resources: readonly ExposedResource[],
  functions: readonly ExposedFunction[],
  hooks: WriteHooks,
): Promise<DataApiRegistry> {
  let current = buildExposure(await loadSchemaCache(db), resources, functions);
  return {
    exposure: () => current,
    hooks,
    async reload(client) {
      current = buildExposure(await loadSchemaCache(client), resources, functions);
    },
  };
}
