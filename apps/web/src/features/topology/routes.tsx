import type { GuardedRoute } from '@/lib/page-route.ts';

const dashboard = async () => {
  const { TopologyPage } = await import('./pages/topology-page.tsx');
  return { Component: TopologyPage };
};

/** /topology and /topology/{id} (spec 001 §2). */
export const topologyRoute: GuardedRoute = {
  permission: { object: 'topologies', action: 'read' },
  route: {
    path: 'topology',
    handle: { crumb: 'Topology' },
    children: [
      { index: true, lazy: dashboard },
      { path: ':id', handle: { crumb: 'Component' }, lazy: dashboard },
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
