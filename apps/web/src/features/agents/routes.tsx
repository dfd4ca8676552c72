import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../app/guards/require-permission.tsx';

/** The agents page, mounted at /agents and at /settings/agents (spec 000 §2.1). */
export function agentsRoute(path: string): RouteObject {
  return {
    path,
    handle: { crumb: 'Agents' },
    element: <RequirePermission object="agents" action="read" />,
    children: [
      {
        index: true,
        lazy: async () => {
          const { AgentsPage } = await import('./pages/agents-page.tsx');
          return { Component: AgentsPage };
        },
      },
    ],
  };
}
