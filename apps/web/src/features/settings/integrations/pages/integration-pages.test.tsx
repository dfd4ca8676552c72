import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

configure({ asyncUtilTimeout: 3000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();

function render(path: string, handlers: RequestHandler[], fixture: SessionFixture = {}) {
  server.use(
    ...handlers,
    ...sessionHandlers(fixture),
    http.get('/api/schemas/scrape-config.schema.json', () => HttpResponse.json({ type: 'object' })),
    http.get('/api/db/integrations_with_status', () => HttpResponse.json([])),
  );
  const user = userEvent.setup();
  return { user, ...renderApp([path]) };
}

describe('integrations', () => {
  it('says Unknown type for a type that is not an integration', async () => {
    render('/settings/integrations/widgets/1', []);
    expect(await screen.findByText('Unknown type')).toBeInTheDocument();
  });

  it('offers GitOps and Add Directly, and the catalog scraper types', async () => {
    const { user } = render('/settings/integrations', []);
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    expect(within(dialog).getByRole('tab', { name: 'Add via GitOps' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Catalog Scraper' }));
    const types = within(dialog).getByRole('list', { name: 'Catalog scraper types' });
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Kubernetes',
      'Azure',
      'Kubernetes File',
      'SQL',
      'Trivy',
      'AWS',
      'File',
      'Github Actions',
      'HTTP',
      'Azure DevOps',
      'Custom',
    ]);
  });

  it('hides Log Backends when logs are disabled, and the add button from viewers', async () => {
    const { user } = render('/settings/integrations', [], {
      flags: [
        {
          name: 'logs.disable',
          value: 'true',
          description: null,
          source: null,
          created_by: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    expect(within(dialog).queryByRole('button', { name: 'Log Backends' })).not.toBeInTheDocument();
  });

  it('requires the SQL fields, then saves the scraper and returns to the list', async () => {
    const posted: unknown[] = [];
    const { user, router } = render('/settings/integrations/scrapers/new?type=sql', [
      http.post('/api/db/config_scrapers', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json([{ id: 's1' }], { status: 201 });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Required: Name, Connection, Type, ID, Query'),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(screen.getByLabelText('Name', { exact: true }), 'orders');
    await user.type(screen.getByLabelText('Connection *'), 'connection://default/pg');
    await user.type(screen.getByLabelText('Type *', { exact: true }), 'Order');
    await user.type(screen.getByLabelText('ID *', { exact: true }), 'id');
    await user.type(screen.getByLabelText('Query *'), 'select id from orders');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    expect(posted).toEqual([
      {
        name: 'orders',
        namespace: 'default',
        source: 'UI',
        spec: {
          sql: [
            {
              connection: 'connection://default/pg',
              type: 'Order',
              id: 'id',
              query: 'select id from orders',
            },
          ],
        },
      },
    ]);
    expect(screen.getByText('orders created successfully')).toBeInTheDocument();
  });
});
