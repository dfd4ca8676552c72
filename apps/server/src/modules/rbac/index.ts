/** What other modules may use from rbac. */
export { lockAdmins, replaceRoles } from './rbac.repository.ts';
export { keepAnAdmin } from './rbac.service.ts';
export { rbacRoutes } from './rbac.routes.ts';
