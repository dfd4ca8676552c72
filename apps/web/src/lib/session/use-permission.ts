import { can, effectiveRoles, type Action, type PermissionObject, type Role } from '@vigil/domain';
import { useSession } from './session-queries.ts';

/** False until the session is known, so write controls never flash in. */
export function usePermission(objects: readonly PermissionObject[], action: Action): boolean {
  const session = useSession();
  if (session.data === undefined) return false;
  return can(session.data.roles, objects, action);
}

export function isViewerOnly(roles: readonly Role[]): boolean {
  return effectiveRoles(roles).every((role) => role === 'viewer');
}
