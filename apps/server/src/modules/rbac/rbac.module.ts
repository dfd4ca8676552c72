import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import { rbacRoutes } from './rbac.routes.ts';

export { lockAdmins, replaceRoles } from './rbac.repository.ts';
export { keepAnAdmin } from './rbac.service.ts';

/** The rbac area: people's roles. */
export function createRbacModule(db: Database) {
  return defineModule({
    name: 'rbac',
    routes: [rbacRoutes(db)],
    resources: [{ name: 'person_roles', object: 'rbac' }],
  });
}
