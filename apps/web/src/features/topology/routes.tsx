import type { LoaderFunctionArgs } from 'react-router';
import type { GuardedRoute } from '@/lib/page-route.ts';
import { startTopologyEarly } from './api/topology-early.ts';

const dashboard = async () => {
  const { TopologyPage } = await import('./pages/topology-page.tsx');
  return { Component: TopologyPage };
};

/** The tree is asked for at navigation, beside the page's code (api/topology-early.ts). */
const page = {
  loader: ({ request, params }: LoaderFunctionArgs) => startTopologyEarly(request.url, params.id),
  // Later URL changes (filters, zoom) are the page's own queries, not a reload.
  shouldRevalidate: () => false,
  lazy: dashboard,
};

/** /topology and /topology/{id} (spec 001 §2). */
export const topologyRoute: GuardedRoute = {
  permission: { object: 'topologies', action: 'read' },
  route: {
    path: 'topology',
    handle: { crumb: 'Topology' },
    children: [
      { index: true, ...page },
      { path: ':id', handle: { crumb: 'Component' }, ...page },
    ],
  },
};

/** /view/topology/{id}: a standalone card outside the shell (spec 000 §2.1). */
export const topologyViewRoute: GuardedRoute = {
  permission: { object: 'topologies', action: 'read' },
  route: {
    path: '/view/topology/:id',
    children: [
      {
        index: true,
        lazy: async () => {
          const { TopologyViewPage } = await import('./pages/topology-view-page.tsx');
          return { Component: TopologyViewPage };
        },
      },
    ],
  },
};
