import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import { systemRoutes } from './system.routes.ts';

export { systemRoutes } from './system.routes.ts';

/** The system area: liveness and version, and the queries people save. */
export function createSystemModule(
  db: Database,
  edition: 'full' | 'health',
  auth: 'self' | 'oidc-org' = 'self',
) {
  return defineModule({
    name: 'system',
    routes: [systemRoutes(db.pool, edition, auth)],
    resources: [{ name: 'saved_queries', object: 'database' }],
  });
}
