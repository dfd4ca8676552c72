import type { GuardedRoute } from '@/lib/page-route.ts';

/** /logs: the logs viewer (spec 001 §2). */
export const logsRoute: GuardedRoute = {
  permission: { object: 'logging_backends', action: 'read' },
  route: {
    path: 'logs',
    handle: { crumb: 'Logs' },
    lazy: async () => ({ Component: (await import('./pages/logs-page.tsx')).LogsPage }),
  },
};
