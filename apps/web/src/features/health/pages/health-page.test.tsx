import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { makeCheck } from '../model/fixtures.test-helpers.ts';

const base = {
  uptime: { passed: 2, failed: 1, last_pass: null, last_fail: null },
  latency: { p95: 120, p97: null, p99: null, rolling1h: null },
};
const checks = [
  makeCheck({
    ...base,
    id: 'k1',
    name: 'api',
    canary_name: 'web',
    status: 'healthy',
    labels: { env: 'prod' },
  }),
  makeCheck({
    ...base,
    id: 'k2',
    name: 'db',
    canary_name: 'data',
    status: 'unhealthy',
    labels: { env: 'prod' },
  }),
  makeCheck({
    ...base,
    id: 'k3',
    name: 'cache',
    canary_name: 'data',
    status: 'unhealthy',
    labels: { env: 'dev' },
  }),
];

const server = setupMsw();

function renderPage(path = '/health', list: unknown[] = checks) {
  server.use(
    ...sessionHandlers({}),
    http.get('/api/canary/api/summary', () =>
      HttpResponse.json({ runnerName: 'local', checks_summary: list }),
    ),
  );
  renderApp([path], () => undefined);
  return userEvent.setup();
}

describe('health page', () => {
  it('hides passing checks by default and groups by canary with n of m passing', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Checks' });
    expect(within(table).queryByRole('button', { name: 'api' })).not.toBeInTheDocument();
    expect(within(table).getByText('0 of 2 passing')).toBeInTheDocument();
    expect(within(table).getAllByText('66.7%')).toHaveLength(2);
    expect(within(table).getAllByText('120ms')).toHaveLength(2);
  });

  it('shows passing checks when Hide Passing is off and filters by label', async () => {
    const user = renderPage();
    await screen.findByRole('table', { name: 'Checks' });
    const toggle = screen.getByRole('switch', { name: 'Hide Passing' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('button', { name: 'api' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exclude env=prod' }));
    expect(screen.queryByRole('button', { name: 'api' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'cache' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exclude env=prod' }));
    expect(await screen.findByRole('button', { name: 'db' })).toBeInTheDocument();
  });

  it('shows the empty state, with why and the next step', async () => {
    renderPage('/health', []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(
      screen.getByPlaceholderText('Search by name, description, or endpoint'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No health check has run yet. A canary defines checks and their schedule.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a canary' })).toHaveAttribute(
      'href',
      '/settings/canaries/new',
    );
  });

  it('says when Hide Passing hides every check, and offers to show them', async () => {
    const user = renderPage('/health', [checks[0]]);
    expect(
      await screen.findByText('Every check that matches is passing, and Hide Passing is on.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show passing checks' }));
    expect(await screen.findByRole('button', { name: 'api' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).not.toBeChecked();
  });
});

describe('check detail modal', () => {
  function renderModal(roles: ('editor' | 'viewer')[]) {
    let ran = '';
    server.use(
      ...sessionHandlers({ roles }),
      http.get('/api/canary/api/summary', () =>
        HttpResponse.json({ runnerName: 'local', checks_summary: checks }),
      ),
      http.get('/api/db/check_statuses', () =>
        HttpResponse.json(
          [
            {
              time: '2026-01-01T00:00:00Z',
              duration: 12,
              status: false,
              error: 'boom',
              message: null,
            },
          ],
          {
            headers: { 'Content-Range': '0-0/1' },
          },
        ),
      ),
      // The modal's other calls: an empty window, the canary, the spec, no relationships.
      http.get('/api/canary/api/graph', () =>
        HttpResponse.json({
          status: [],
          uptime: { passed: 0, failed: 0 },
          latency: { p95: null, p97: null, p99: null, rolling1h: null },
        }),
      ),
      http.get('/api/db/canaries', () =>
        HttpResponse.json([{ id: 'c1', name: 'data', namespace: 'prod', source: 'UI' }]),
      ),
      http.get('/api/db/checks', () => HttpResponse.json([{ id: 'k2', spec: { name: 'db' } }])),
      http.get('/api/db/check_config_relationships', () => HttpResponse.json([])),
      http.get('/api/db/check_component_relationships', () => HttpResponse.json([])),
      http.post('/api/canary/run/check/:id', ({ params }) => {
        ran = String(params.id);
        return HttpResponse.json({ total: 1, success: 1, failed: 0, errors: [] });
      }),
    );
    renderApp(['/health?checkId=k2'], () => undefined);
    return { user: userEvent.setup(), ran: () => ran };
  }

  it('opens from the URL with stats and history; an editor can run the check', async () => {
    const { user, ran } = renderModal(['editor']);
    const dialog = await screen.findByRole('dialog', { name: 'db' });
    expect(within(dialog).getByText('Severity').nextSibling).toHaveTextContent('-');
    expect(await within(dialog).findByText('boom')).toBeInTheDocument();
    await user.type(within(dialog).getByPlaceholderText('e.g. 500ms or 2s'), '3m');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'duration is allowed only in milli seconds & seconds',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Run Now' }));
    expect(
      await screen.findByText('You have successfully initiated the check run.'),
    ).toBeInTheDocument();
    expect(ran()).toBe('k2');
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/settings/canaries/c1',
    );
  });

  it('hides Run Now from a viewer', async () => {
    renderModal(['viewer']);
    const dialog = await screen.findByRole('dialog', { name: 'db' });
    expect(within(dialog).queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
  });

  it('says so when the checkId in the URL names no check, and closes back to the list', async () => {
    const user = renderPage('/health?hidePassing=false&checkId=no-such-check');
    const dialog = await screen.findByRole('dialog', { name: 'Check not found' });
    expect(within(dialog).getByText('no-such-check')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to all checks' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'api' })).toBeInTheDocument();
  });
});
