import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { ConfigChecks } from './config-checks.tsx';

const server = setupMsw();
const configId = '5f0c0d6e-6a59-4b1e-9d7a-0c4f3c1b2a10';

function renderTab(rows: unknown[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/db/check_summary_for_config', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows);
    }),
    ...sessionHandlers(),
  );
  renderRoutes(
    [{ path: '/catalog/:id/checks', element: <ConfigChecks configId={configId} /> }],
    [`/catalog/${configId}/checks`],
  );
  return queries;
}

describe("a config page's Checks tab", () => {
  it("lists the config's checks, each linking to its check", async () => {
    const queries = renderTab([
      {
        id: 'c1',
        name: 'web-pod ready',
        type: 'kubernetes',
        status: 'unhealthy',
        namespace: 'shop',
        last_runtime: new Date().toISOString(),
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Checks of this config' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('web-pod ready');
    expect(row).toHaveTextContent('unhealthy');
    expect(within(table).getByRole('link', { name: 'web-pod ready' })).toHaveAttribute(
      'href',
      '/health?checkId=c1',
    );
    expect(queries[0]?.get('config_id')).toBe(`eq.${configId}`);
  });

  it('says when no check is linked', async () => {
    renderTab([]);
    expect(
      await screen.findByText('No health check is linked to this config.'),
    ).toBeInTheDocument();
  });
});
