import type { GuardedRoute } from '@/lib/page-route.ts';

/** /settings/integrations and /settings/integrations/{type}/{id} (spec 002 §2). */
export const integrationRoutes: GuardedRoute[] = [
  {
    permission: { object: 'integrations', action: 'read' },
    route: {
      path: 'integrations',
      handle: { crumb: 'Integrations' },
      children: [
        {
          index: true,
          lazy: async () => {
            const { IntegrationsPage } = await import('./pages/integrations-page.tsx');
            return { Component: IntegrationsPage };
          },
        },
        {
          path: ':type/new',
          handle: { crumb: 'Add' },
          lazy: async () => {
            const { IntegrationDetailPage } = await import('./pages/integration-detail-page.tsx');
            return { Component: IntegrationDetailPage };
          },
        },
        {
          path: ':type/:id',
          handle: { crumb: 'Edit' },
          lazy: async () => {
            const { IntegrationDetailPage } = await import('./pages/integration-detail-page.tsx');
            return { Component: IntegrationDetailPage };
          },
        },
      ],
    },
  },
];
