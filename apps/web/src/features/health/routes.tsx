import type { GuardedRoute } from '@/lib/page-route.ts';
import { startSummaryEarly } from './api/summary-early.ts';

export const healthRoute: GuardedRoute = {
  permission: { object: 'canaries', action: 'read' },
  route: {
    path: 'health',
    handle: { crumb: 'Health' },
    children: [
      {
        index: true,
        loader: ({ request }) => startSummaryEarly(request.url),
        // Later URL changes (filters, search) are the page's own queries, not a reload.
        shouldRevalidate: () => false,
        lazy: async () => {
          const { HealthPage } = await import('./pages/health-page.tsx');
          return { Component: HealthPage };
        },
      },
    ],
  },
};
