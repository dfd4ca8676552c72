import type { GuardedRoute } from '@/lib/page-route.ts';

export const topologyRoute: GuardedRoute = {
  permission: { object: 'topologies', action: 'read' },
  route: {
    path: 'topology',
    handle: { crumb: 'Topology' },
    children: [
      {
        index: true,
        lazy: async () => {
          const { TopologyPage } = await import('./pages/topology-page.tsx');
          return { Component: TopologyPage };
        },
      },
    ],
  },
};
