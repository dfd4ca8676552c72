import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { columnSizesKey } from '../model/column-sizes.ts';

vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();
const api = '0192f0c4-0000-7000-8000-000000000501';
const db = '0192f0c4-0000-7000-8000-000000000502';
const components = [
  { id: api, name: 'api', type: 'Service', icon: null, logs: [{ name: 'app' }, { name: 'nginx' }] },
  { id: db, name: 'db', type: 'Database', icon: null, logs: [{ name: 'postgres' }] },
];
const line = (message: string, minute: number) => ({
  timestamp: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  message,
  labels: { pod: 'api-1', namespace: 'prod' },
});

function render(path: string, handlers: RequestHandler[] = []) {
  const asked: unknown[] = [];
  const componentCalls: string[] = [];
  server.use(
    ...handlers,
    ...sessionHandlers({ roles: ['viewer'] }),
    http.get('/api/db/components_with_logs', ({ request }) => {
      componentCalls.push(new URL(request.url).search);
      return HttpResponse.json(components, { headers: { 'Content-Range': '0-1/2' } });
    }),
    http.post('/api/logs', async ({ request }) => {
      const body = await request.json();
      asked.push(body);
      const query = typeof body === 'object' && body && 'query' in body ? String(body.query) : '';
      const all = [line('GET /orders 500', 5), line('db timeout', 4)];
      const results = all.filter((row) => row.message.includes(query));
      return HttpResponse.json({ total: results.length, results });
    }),
  );
  return { user: userEvent.setup(), asked, componentCalls, ...renderApp([path]) };
}

describe('logs page', () => {
  it('asks to select a component first, listing those with logs by name', async () => {
    const { componentCalls, asked } = render('/logs');
    expect(await screen.findByText('Please select a component to view the logs')).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Component' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    expect(componentCalls[0]).toContain('order=name.asc');
    expect(asked).toEqual([]);
  });

  it('queries the first selector by default, searches after a pause and keeps it in the URL', async () => {
    const { user, asked, router } = render(`/logs?topologyId=${api}`);
    const table = await screen.findByRole('table', { name: 'Log lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Message', 'Labels']);
    expect(within(table).getByText('GET /orders 500')).toBeVisible();
    expect(asked[0]).toEqual({ id: api, name: 'app', start: '1h' });
    expect(screen.getByRole('combobox', { name: 'Selector' })).toHaveValue('app');

    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'timeout');
    await waitFor(() => expect(router.state.location.search).toContain('query=timeout'));
    await waitFor(() => expect(within(table).queryByText('GET /orders 500')).toBeNull());
    expect(asked.at(-1)).toEqual({ id: api, name: 'app', query: 'timeout', start: '1h' });
    // Typing is debounced: one query for the whole word, not one per key.
    expect(asked.filter((body) => JSON.stringify(body).includes('"query"'))).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Selector' }), 'nginx');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '1d');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ id: api, name: 'nginx', query: 'timeout', start: '1d' }),
    );
    expect(router.state.location.search).toContain('logsSelector=nginx');
    expect(router.state.location.search).toContain('start=1d');
  });

  it('says when nothing matches the search', async () => {
    render(`/logs?topologyId=${db}&query=nothing-like-this`);
    expect(await screen.findByText('There are no logs matching the search query')).toBeVisible();
  });

  it('says when the components cannot be loaded', async () => {
    render('/logs', [
      http.get('/api/db/components_with_logs', () =>
        HttpResponse.json(
          { code: 'x', message: 'boom', details: null, hint: null },
          { status: 500 },
        ),
      ),
    ]);
    expect(await screen.findByText('Unable to load components!')).toBeVisible();
  });

  it('shows the server message when a query fails', async () => {
    render(`/logs?topologyId=${api}`, [
      http.post('/api/logs', () =>
        HttpResponse.json(
          {
            code: 'bad_request',
            message: 'logging backend default/loki (loki): 502',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
    ]);
    expect(await screen.findByText('logging backend default/loki (loki): 502')).toBeVisible();
  });

  it('keeps column sizes in this browser after a pause', async () => {
    window.localStorage.removeItem(columnSizesKey);
    const { user } = render(`/logs?topologyId=${api}`);
    const handle = await screen.findByRole('separator', { name: 'Resize Labels' });
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(columnSizesKey) ?? '{}')).toMatchObject({
        labels: 352,
      }),
    );
  });
});
