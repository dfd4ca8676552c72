import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import type { LocalProperty } from './local-properties.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { createPropertiesService } from './properties.service.ts';

export { readLocalProperties, type LocalProperty } from './local-properties.ts';

/** The properties area: runtime switches, from the database and from VIGIL_PROPERTIES. */
export function createPropertiesModule(db: Database, local: readonly LocalProperty[]) {
  const properties = createPropertiesService(db, local);
  return defineModule({
    name: 'properties',
    routes: [propertiesRoutes(properties)],
    resources: [{ name: 'properties', object: 'properties' }],
    writeHooks: { properties: properties.writeHook },
  });
}
