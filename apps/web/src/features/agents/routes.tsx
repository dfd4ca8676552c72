import type { GuardedRoute } from '@/lib/page-route.ts';

/** The agents page, mounted at /agents and at /settings/agents (spec 000 §2.1). */
export function agentsRoute(path: string): GuardedRoute {
  return {
    permission: { object: 'agents', action: 'read' },
    route: {
      path,
      handle: { crumb: 'Agents' },
      children: [
        {
          index: true,
          lazy: async () => {
            const { AgentsPage } = await import('./pages/agents-page.tsx');
            return { Component: AgentsPage };
          },
        },
      ],
    },
  };
}
