/** What other modules may use from rbac. */
export { replaceRoles } from './rbac.repository.ts';
export { keepAnAdmin, lockAdmins } from './rbac.service.ts';
export { rbacRoutes } from './rbac.routes.ts';
