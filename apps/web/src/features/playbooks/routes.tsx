import { Navigate, useParams } from 'react-router';
import type { GuardedRoute } from '@/lib/page-route.ts';

function PlaybookLink() {
  const { id = '' } = useParams();
  return <Navigate to={`/playbooks/runs?playbook=${encodeURIComponent(id)}`} replace />;
}

/** /playbooks, its runs and a run (spec 002 §2); /playbooks/{id} links land on its runs. */
export const playbooksRoute: GuardedRoute = {
  permission: { object: 'playbooks', action: 'read' },
  route: {
    path: 'playbooks',
    handle: { crumb: 'Playbooks' },
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./pages/playbooks-page.tsx')).PlaybooksPage,
        }),
      },
      {
        path: 'runs',
        handle: { crumb: 'Runs' },
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./pages/playbook-runs-page.tsx')).PlaybookRunsPage,
            }),
          },
          {
            path: ':id',
            handle: { crumb: 'Run' },
            lazy: async () => ({
              Component: (await import('./pages/playbook-run-page.tsx')).PlaybookRunPage,
            }),
          },
        ],
      },
      { path: ':id', Component: PlaybookLink },
    ],
  },
};

/** /settings/playbooks: the specs and their YAML editor. */
export const playbookSettingsRoute: GuardedRoute = {
  permission: { object: 'playbooks', action: 'read' },
  route: {
    path: 'playbooks',
    handle: { crumb: 'Playbooks' },
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./pages/settings-playbooks-page.tsx')).SettingsPlaybooksPage,
        }),
      },
      {
        path: 'new',
        handle: { crumb: 'Add' },
        lazy: async () => ({
          Component: (await import('./pages/playbook-spec-page.tsx')).NewPlaybookPage,
        }),
      },
      {
        path: ':id',
        handle: { crumb: 'Edit' },
        lazy: async () => ({
          Component: (await import('./pages/playbook-spec-page.tsx')).EditPlaybookPage,
        }),
      },
    ],
  },
};
