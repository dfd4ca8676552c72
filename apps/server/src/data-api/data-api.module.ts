import type { Database } from '../platform/db.ts';
import { defineModule, type VigilModule } from '../platform/module.ts';
import { createDataApiService } from './data-api.service.ts';
import { dataApiRoutes } from './data-api.routes.ts';
import { createRegistry, type DataApiRegistry } from './registry.ts';
import type { ExposedFunction, ExposedResource } from './resource-definition.ts';
import type { WriteHook } from './write-hooks.ts';

export type DataApiService = ReturnType<typeof createDataApiService>;

export interface DataApi {
  readonly registry: DataApiRegistry;
  /** For modules that write through the data API (and so its write hooks) without HTTP. */
  readonly service: DataApiService;
  readonly module: VigilModule;
  /** The resources and functions the modules declared, for tests that check every one. */
  readonly declared: ReturnType<typeof declarationsOf>;
}

/** What the modules declare, joined; a name declared twice, or a hook without its resource, throws. */
export function declarationsOf(modules: readonly VigilModule[]) {
  const resources = new Map<string, ExposedResource>();
  const functions = new Map<string, ExposedFunction>();
  const hooks = new Map<string, WriteHook>();
  const add = <T>(into: Map<string, T>, name: string, value: T, by: string): void => {
    if (into.has(name)) throw new Error(`data API: ${name} is declared twice (again by ${by})`);
    into.set(name, value);
  };
  for (const module of modules) {
    for (const resource of module.resources ?? [])
      add(resources, resource.name, resource, module.name);
    for (const fn of module.functions ?? []) add(functions, fn.name, fn, module.name);
  }
  for (const module of modules) {
    for (const [name, hook] of Object.entries(module.writeHooks ?? {})) {
      if (!resources.has(name))
        throw new Error(`data API: module ${module.name} hooks ${name}, which no module exposes`);
      add(hooks, name, hook, module.name);
    }
  }
  return { resources: [...resources.values()], functions: [...functions.values()], hooks };
}

/** Wires the data API from the modules' resources and write hooks, and the live schema. */
export async function createDataApi(
  db: Database,
  modules: readonly VigilModule[],
): Promise<DataApi> {
  const declared = declarationsOf(modules);
  const registry = await createRegistry(
    db.pool,
    declared.resources,
    declared.functions,
    declared.hooks,
  );
  const service = createDataApiService(db, registry);
  return {
    registry,
    service,
    declared,
    module: defineModule({ name: 'data-api', routes: [dataApiRoutes(service)] }),
  };
}
