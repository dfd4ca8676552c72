import type { RouteObject } from 'react-router';
import type { GuardedRoute } from '@/lib/page-route.ts';
import { accountRoutes } from '@/features/account/routes.tsx';
import { agentsRoute } from '@/features/agents/routes.tsx';
import { catalogRoute, configsRedirectRoute } from '@/features/catalog/routes.tsx';
import { healthRoute } from '@/features/health/routes.tsx';
import { homeRoute } from '@/features/home/routes.tsx';
import { logsRoute } from '@/features/logs/routes.tsx';
import { organizationRoutes } from '@/features/organizations/routes.tsx';
import { playbookSettingsRoute, playbooksRoute } from '@/features/playbooks/routes.tsx';
import { incidentsRoute } from '@/features/incidents/routes.tsx';
import { settingsRoutes } from '@/features/settings/routes.tsx';
import { systemStatusRoute } from '@/features/system/routes.tsx';
import { topologyRoute, topologyViewRoute } from '@/features/topology/routes.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { UnauthorizedPage } from '@/lib/session/unauthorized-page.tsx';
import { RequirePermission } from './guards/require-permission.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { ShellPlaceholder } from './shell/shell-placeholder.tsx';

function guarded({ permission, route }: GuardedRoute): RouteObject {
  return { ...route, element: <RequirePermission {...permission} /> };
}

/** Every page is code-split; home is the first run, then the dashboard (spec 000 §2.1). */
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
          homeRoute,
          guarded(topologyRoute),
          guarded(healthRoute),
          guarded(catalogRoute),
          guarded(logsRoute),
          guarded(incidentsRoute),
          configsRedirectRoute,
          guarded(agentsRoute('agents')),
          guarded(playbooksRoute),
          systemStatusRoute,
          {
            path: 'settings',
            handle: { crumb: 'Settings' },
            children: [
              { index: true, Component: NotFoundPage },
              ...settingsRoutes.map(guarded),
              guarded(playbookSettingsRoute),
              guarded(agentsRoute('agents')),
            ],
          },
          // Static: the permission guard renders it too.
          { path: 'unauthorized', handle: { crumb: 'Unauthorized' }, Component: UnauthorizedPage },
          { path: '*', handle: { crumb: 'Not found' }, Component: NotFoundPage },
        ],
      },
    ],
  },
  { ...accountRoutes, ErrorBoundary: RouteErrorPage },
  { ...organizationRoutes, ErrorBoundary: RouteErrorPage },
  // Without the shell: the card alone, for embedding.
  { ...guarded(topologyViewRoute), ErrorBoundary: RouteErrorPage },
];
