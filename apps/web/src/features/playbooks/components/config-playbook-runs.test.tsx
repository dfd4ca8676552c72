import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { completedRun, ids } from '../pages/playbook-fixtures.ts';
import '../pages/playbook-test-setup.ts';
import { ConfigPlaybookRuns } from './config-playbook-runs.tsx';

const server = setupMsw();

function renderTab(rows: unknown[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/db/playbook_runs', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, {
        headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` },
      });
    }),
    ...sessionHandlers(),
  );
  renderRoutes(
    [{ path: '/catalog/:id/playbooks', element: <ConfigPlaybookRuns configId={ids.deployment} /> }],
    [`/catalog/${ids.deployment}/playbooks`],
  );
  return queries;
}

describe('a config page Playbooks tab', () => {
  it('lists the runs on the config, 200 a page', async () => {
    const queries = renderTab([completedRun]);
    const table = await screen.findByRole('table', { name: 'Playbook runs' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Restart deployment');
    expect(queries[0]?.get('config_id')).toBe(`eq.${ids.deployment}`);
    expect(queries[0]?.get('limit')).toBe('200');
  });

  it('says when no playbook has run on it', async () => {
    renderTab([]);
    expect(await screen.findByText('No playbook runs')).toBeInTheDocument();
  });
});
