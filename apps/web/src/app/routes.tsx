import type { RouteObject } from 'react-router';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { ShellPlaceholder } from './shell/shell-placeholder.tsx';

/**
 * Every page is code-split. In full mode '/' redirects to /topology; that page does not exist
 * yet, so home is the system status page and the topology issue switches it to the redirect.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: ShellPlaceholder,
    children: [
      {
        // Pathless so that page errors render inside the shell and the sidebar stays usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            handle: { crumb: 'System status' },
            lazy: async () => {
              const { SystemStatusPage } =
                await import('../features/system/pages/system-status-page.tsx');
              return { Component: SystemStatusPage };
            },
          },
          {
            path: 'unauthorized',
            handle: { crumb: 'Unauthorized' },
            lazy: async () => {
              const { UnauthorizedPage } = await import('./errors/unauthorized-page.tsx');
              return { Component: UnauthorizedPage };
            },
          },
          { path: '*', handle: { crumb: 'Not found' }, Component: NotFoundPage },
        ],
      },
    ],
  },
];
