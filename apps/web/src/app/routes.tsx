import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes.tsx';
import { agentsRoute } from '../features/agents/routes.tsx';
import { startSummaryEarly } from '../features/health/api/summary-early.ts';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { UnauthorizedPage } from './errors/unauthorized-page.tsx';
import { RequirePermission } from './guards/require-permission.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { HomeRedirect } from './shell/home-redirect.tsx';
import { ShellPlaceholder } from './shell/shell-placeholder.tsx';

/** Every page is code-split; home redirects by edition (spec 000 §2.1). */
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
          { index: true, Component: HomeRedirect },
          {
            path: 'topology',
            handle: { crumb: 'Topology' },
            element: <RequirePermission object="topologies" action="read" />,
            children: [
              {
                index: true,
                lazy: async () => {
                  const { TopologyPage } =
                    await import('../features/topology/pages/topology-page.tsx');
                  return { Component: TopologyPage };
                },
              },
            ],
          },
          {
            path: 'health',
            handle: { crumb: 'Health' },
            element: <RequirePermission object="canaries" action="read" />,
            children: [
              {
                index: true,
                loader: ({ request }) => startSummaryEarly(request.url),
                // Later URL changes (filters, search) are the page's own queries, not a reload.
                shouldRevalidate: () => false,
                lazy: async () => {
                  const { HealthPage } = await import('../features/health/pages/health-page.tsx');
                  return { Component: HealthPage };
                },
              },
            ],
          },
          agentsRoute('agents'),
          {
            path: 'status',
            handle: { crumb: 'System status' },
            lazy: async () => {
              const { SystemStatusPage } =
                await import('../features/system/pages/system-status-page.tsx');
              return { Component: SystemStatusPage };
            },
          },
          ...settingsRoutes,
          // Static: the permission guard renders it too.
          { path: 'unauthorized', handle: { crumb: 'Unauthorized' }, Component: UnauthorizedPage },
          { path: '*', handle: { crumb: 'Not found' }, Component: NotFoundPage },
        ],
      },
    ],
  },
  ...accountRoutes,
];
