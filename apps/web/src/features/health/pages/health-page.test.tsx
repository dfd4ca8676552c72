import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/routes.tsx';
import { setupMsw } from '../../../testing/msw.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { sessionHandlers } from '../../../testing/session-handlers.ts';

const base = { canary_id: 'c1', uptime: { passed: 2, failed: 1 }, latency: { p95: 120 } };
const checks = [
  {
    ...base,
    id: 'k1',
    name: 'api',
    canary_name: 'web',
    status: 'healthy',
    labels: { env: 'prod' },
  },
  {
    ...base,
    id: 'k2',
    name: 'db',
    canary_name: 'data',
    status: 'unhealthy',
    labels: { env: 'prod' },
  },
  {
    ...base,
    id: 'k3',
    name: 'cache',
    canary_name: 'data',
    status: 'unhealthy',
    labels: { env: 'dev' },
  },
];

const server = setupMsw();

function renderPage(path = '/health', list: unknown[] = checks) {
  server.use(
    ...sessionHandlers({}),
    http.get('/api/canary/api/summary', () => HttpResponse.json(list)),
  );
  renderRoutes(appRoutes, [path], () => undefined);
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

  it('shows the empty state', async () => {
    renderPage('/health', []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(
      screen.getByPlaceholderText('Search by name, description, or endpoint'),
    ).toBeInTheDocument();
  });
});
