/** What other modules may use from rbac. */
export { replaceRoles } from './rbac.repository.ts';
export { rbacRoutes } from './rbac.routes.ts';
