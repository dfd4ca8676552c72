import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { RequirePermission } from '../../app/guards/require-permission.tsx';

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
