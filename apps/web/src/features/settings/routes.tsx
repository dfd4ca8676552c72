import type { GuardedRoute } from '@/lib/page-route.ts';
import { integrationRoutes } from './integrations/integration-routes.tsx';
import { resourceRoutes } from './resources/resource-routes.tsx';

/** Settings pages under /settings, rendered inside the shell; each is gated by read on its resource. */
export const settingsRoutes: GuardedRoute[] = [
  ...resourceRoutes,
  ...integrationRoutes,
  {
    permission: { object: 'properties', action: 'read' },
    route: {
      path: 'feature-flags',
      handle: { crumb: 'Feature Flags' },
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
  },
  {
    permission: { object: 'canaries', action: 'read' },
    route: {
      path: 'canaries',
      handle: { crumb: 'Health Checks' },
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
  },
  {
    permission: { object: 'connections', action: 'read' },
    route: {
      path: 'connections',
      handle: { crumb: 'Connections' },
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
  },
  {
    permission: { object: 'database', action: 'read' },
    route: {
      path: 'jobs',
      handle: { crumb: 'Job History' },
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
  },
  {
    permission: { object: 'notifications', action: 'read' },
    route: {
      path: 'notifications',
      handle: { crumb: 'Notifications' },
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
  },
  {
    permission: { object: 'database', action: 'read' },
    route: {
      path: 'event-queue-status',
      handle: { crumb: 'Event Queue' },
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
  },
  {
    permission: { object: 'identities', action: 'read' },
    route: {
      path: 'users',
      handle: { crumb: 'Users' },
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
  },
];
