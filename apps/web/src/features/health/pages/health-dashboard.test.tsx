import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { makeCheck } from '../model/fixtures.test-helpers.ts';

const base = { uptime: { passed: 1, failed: 0, last_pass: null, last_fail: null } };
const checks = [
  makeCheck({
    ...base,
    id: 'k1',
    name: 'beta',
    namespace: 'prod',
    status: 'healthy',
    labels: { canary: 'true' },
  }),
  makeCheck({
    ...base,
    id: 'k2',
    name: 'alpha',
    namespace: 'prod',
    status: 'unhealthy',
    labels: {},
  }),
  makeCheck({
    ...base,
    id: 'k3',
    name: 'gamma',
    namespace: 'dev',
    status: 'healthy',
    labels: { canary: 'false' },
  }),
];

const server = setupMsw();

function renderPage(path: string) {
  const asked: string[] = [];
  server.use(
    ...sessionHandlers({}),
    http.get('/api/canary/api/summary', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('timeRange') ?? '');
      return HttpResponse.json({ runnerName: 'local', checks_summary: checks });
    }),
  );
  renderApp([path], () => undefined);
  return { user: userEvent.setup(), asked };
}

function names(): string[] {
  const table = screen.getByRole('table', { name: 'Checks' });
  return within(table)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((text) => ['alpha', 'beta', 'gamma'].includes(text));
}

describe('health dashboard', () => {
  it('sorts by a column header, and again to reverse', async () => {
    const { user } = renderPage('/health?hidePassing=false&groupBy=no-group');
    await screen.findByRole('button', { name: 'alpha' });
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Checks' }));
    expect(names()).toEqual(['gamma', 'beta', 'alpha']);
    expect(screen.getByRole('columnheader', { name: 'Checks' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Health' }));
    expect(names()[0]).toBe('alpha');
  });

  it('shows tabs by namespace with counts and keeps the chosen tab', async () => {
    const { user } = renderPage('/health?hidePassing=false&groupBy=no-group');
    await screen.findByRole('button', { name: 'alpha' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All3',
      'dev1',
      'prod2',
    ]);
    await user.click(screen.getByRole('tab', { name: /dev/ }));
    expect(names()).toEqual(['gamma']);
  });

  it('gives a true/false label one toggle', async () => {
    const { user } = renderPage('/health?hidePassing=false&groupBy=no-group');
    await screen.findByRole('button', { name: 'alpha' });
    const toggles = screen.getByRole('group', { name: 'Toggles' });
    await user.click(within(toggles).getByRole('button', { name: 'Include canary=true' }));
    expect(names()).toEqual(['beta']);
    await user.click(within(toggles).getByRole('button', { name: 'Exclude canary=true' }));
    expect(names()).toEqual(['alpha', 'gamma']);
  });

  it('switches to cards, asks for the chosen time range and disables short refresh rates', async () => {
    const { user, asked } = renderPage('/health?hidePassing=false');
    await screen.findByRole('button', { name: 'alpha' });
    await user.click(screen.getByRole('button', { name: 'Card layout' }));
    const cards = screen.getByRole('list', { name: 'Checks' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    // Each card carries the row's strip of last results, from the same summary answer.
    expect(within(cards).getAllByRole('img', { name: /^(Last \d+ runs|No runs)/ })).toHaveLength(3);
    await user.selectOptions(screen.getByLabelText('Time Range'), '1d');
    await screen.findByRole('button', { name: 'alpha' });
    expect(asked).toContain('1d');
    const refresh = screen.getByLabelText('Refresh rate');
    expect(within(refresh).getByRole('option', { name: '15s' })).toBeDisabled();
    expect(within(refresh).getByRole('option', { name: '3m' })).toBeDisabled();
    expect(within(refresh).getByRole('option', { name: '5m' })).toBeEnabled();
  });
});
