import type { Action, PermissionObject } from '@vigil/domain';
import type { RouteObject } from 'react-router';

/**
 * A feature's page with the read permission it needs; the app wraps it in its guard, so that
 * features declare their pages without reaching into the shell.
 */
export interface GuardedRoute {
  permission: { object: PermissionObject; action: Action };
  route: RouteObject;
}
