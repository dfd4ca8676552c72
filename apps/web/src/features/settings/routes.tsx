import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { RequirePermission } from '../../app/guards/require-permission.tsx';
import { agentsRoute } from '../agents/routes.tsx';

/** Settings pages, rendered inside the shell; each is gated by read on its resource. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    handle: { crumb: 'Settings' },
    children: [
      { index: true, Component: NotFoundPage },
      {
        path: 'feature-flags',
        handle: { crumb: 'Feature Flags' },
        element: <RequirePermission object="properties" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { FeatureFlagsPage } =
                await import('./feature-flags/pages/feature-flags-page.tsx');
              return { Component: FeatureFlagsPage };
            },
          },
        ],
      },
      {
        path: 'canaries',
        handle: { crumb: 'Health Checks' },
        element: <RequirePermission object="canaries" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { CanariesPage } = await import('./canaries/pages/canaries-page.tsx');
              return { Component: CanariesPage };
            },
          },
          {
            path: 'new',
            handle: { crumb: 'Add' },
            lazy: async () => {
              const { NewCanaryPage } = await import('./canaries/pages/new-canary-page.tsx');
              return { Component: NewCanaryPage };
            },
          },
          {
            path: ':id',
            handle: { crumb: 'Edit' },
            lazy: async () => {
              const { EditCanaryPage } = await import('./canaries/pages/edit-canary-page.tsx');
              return { Component: EditCanaryPage };
            },
          },
        ],
      },
      {
        path: 'connections',
        handle: { crumb: 'Connections' },
        element: <RequirePermission object="connections" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { ConnectionsPage } = await import('./connections/pages/connections-page.tsx');
              return { Component: ConnectionsPage };
            },
          },
        ],
      },
      {
        path: 'jobs',
        handle: { crumb: 'Job History' },
        element: <RequirePermission object="database" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { JobHistoryPage } = await import('./jobs/pages/job-history-page.tsx');
              return { Component: JobHistoryPage };
            },
          },
        ],
      },
      {
        path: 'notifications',
        handle: { crumb: 'Notifications' },
        element: <RequirePermission object="notifications" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { NotificationsPage } =
                await import('./notifications/pages/notifications-page.tsx');
              return { Component: NotificationsPage };
            },
          },
        ],
      },
      {
        path: 'event-queue-status',
        handle: { crumb: 'Event Queue' },
        element: <RequirePermission object="database" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { EventQueuePage } = await import('./event-queue/pages/event-queue-page.tsx');
              return { Component: EventQueuePage };
            },
          },
        ],
      },
      agentsRoute('agents'),
      {
        path: 'users',
        handle: { crumb: 'Users' },
        element: <RequirePermission object="identities" action="read" />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { UsersPage } = await import('./users/pages/users-page.tsx');
              return { Component: UsersPage };
            },
          },
        ],
      },
    ],
  },
];
