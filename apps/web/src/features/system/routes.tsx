import type { RouteObject } from 'react-router';

/** Open to every signed-in user: it shows whether Vigil itself is up. */
export const systemStatusRoute: RouteObject = {
  path: 'status',
  handle: { crumb: 'System status' },
  lazy: async () => {
    const { SystemStatusPage } = await import('./pages/system-status-page.tsx');
    return { Component: SystemStatusPage };
  },
};
