import type { GuardedRoute } from '@/lib/page-route.ts';
import type { ResourceDefinition } from './model/resource-definition.ts';
import { settingsResources } from './model/resource-registry.ts';

function resourceRoute(definition: ResourceDefinition): GuardedRoute {
  return {
    permission: { object: definition.permission, action: 'read' },
    route: {
      path: definition.table,
      handle: { crumb: definition.title },
      children: [
        {
          index: true,
          lazy: async () => {
            const { ResourceListPage } = await import('./pages/resource-list-page.tsx');
            return { Component: () => <ResourceListPage definition={definition} /> };
          },
        },
        {
          path: 'new',
          handle: { crumb: 'Add' },
          lazy: async () => {
            const { ResourceDetailPage } = await import('./pages/resource-detail-page.tsx');
            return { Component: () => <ResourceDetailPage definition={definition} /> };
          },
        },
        {
          path: ':id',
          handle: { crumb: 'Edit' },
          lazy: async () => {
            const { ResourceDetailPage } = await import('./pages/resource-detail-page.tsx');
            return { Component: () => <ResourceDetailPage definition={definition} /> };
          },
        },
      ],
    },
  };
}

/** /settings/{table} and /settings/{table}/{id} for every table of the registry. */
export const resourceRoutes: GuardedRoute[] = settingsResources.map(resourceRoute);
