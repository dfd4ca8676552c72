import type { GuardedRoute } from '@/lib/page-route.ts';

export const incidentsRoute: GuardedRoute = {
  permission: { object: 'incident', action: 'read' },
  route: {
    path: 'incidents',
    handle: { crumb: 'Incidents' },
    children: [
      {
        index: true,
        lazy: async () => {
          const { IncidentsPage } = await import('./pages/incidents-page.tsx');
          return { Component: IncidentsPage };
        },
      },
      {
        path: ':id',
        lazy: async () => {
          const { IncidentDetailPage } = await import('./pages/incident-detail-page.tsx');
          return { Component: IncidentDetailPage };
        },
      },
    ],
  },
};
