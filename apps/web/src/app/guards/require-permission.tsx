import type { Action, PermissionObject } from '@vigil/domain';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { usePermission } from '@/lib/session/use-permission.ts';
import { UnauthorizedPage } from '@/lib/session/unauthorized-page.tsx';

export interface RequirePermissionProps {
  object: PermissionObject;
  action: Action;
  /** Without children it guards the nested routes. */
  children?: ReactNode;
}

/** Hides what the server would refuse; the server still enforces the permission. */
export function RequirePermission({ object, action, children }: RequirePermissionProps) {
  const allowed = usePermission([object], action);
  if (!allowed) return <UnauthorizedPage />;
  return children ?? <Outlet />;
}
