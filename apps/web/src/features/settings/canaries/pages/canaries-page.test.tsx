import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderCanaryRoute } from './canary-test-setup.ts';

const server = setupMsw();

const row = {
  id: '0192f0c4-0000-7000-8000-000000000101',
  name: 'payments-api',
  namespace: 'prod',
  labels: { team: 'payments', env: 'prod', tier: 'api' },
  source: 'UI',
  schedule: '@every 1m',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  last_runtime: '2026-11-24T10:00:00Z',
  job_status: 'WARNING',
  job_details: { errors: ['api-health: connection refused'] },
  job_last_failed: '2026-11-23T10:00:00Z',
  created_by: { id: '0192f0c4-0000-7000-8000-000000000001', name: 'Ada Admin' },
  agent: { id: '0192f0c4-0000-7000-8000-000000000301', name: 'eu-cluster' },
};

function listWith(rows: unknown[]) {
  let query = '';
  const handler = http.get('/api/db/canaries_with_status', ({ request }) => {
    query = new URL(request.url).search;
    return HttpResponse.json(rows);
  });
  return { handler, query: () => decodeURIComponent(query) };
}

describe('health checks settings list', () => {
  it('shows the settings columns without namespace, from canaries_with_status', async () => {
    const list = listWith([row]);
    renderCanaryRoute(server, '/settings/canaries', { handlers: [list.handler] });
    const table = await screen.findByRole('table', { name: 'Health checks' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Name',
      'Source',
      'Schedule',
      'Job Status',
      'Last Run',
      'Last Failed',
      'Tags',
      'Created',
      'Updated',
      'Created By',
    ]);
    const cells = within(table).getAllByRole('row')[1];
    expect(cells).toHaveTextContent('payments-api');
    expect(cells).toHaveTextContent('WARNING');
    expect(cells).toHaveTextContent('+2 more');
    expect(cells).toHaveTextContent('Ada Admin');
    // Canaries pushed by an agent carry its name as a badge.
    expect(cells).toHaveTextContent('eu-cluster');
    expect(within(table).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      `/settings/canaries/${row.id}`,
    );
    expect(list.query()).toContain('deleted_at=is.null');
    expect(list.query()).toContain('order=created_at.desc');
    expect(list.query()).toContain('limit=100');
    expect(list.query()).toContain('created_by(id,name),agent(id,name)');
  });

  it('opens the job details on the first tab with something in it', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries', {
      handlers: [listWith([row]).handler],
    });
    await user.click(await screen.findByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job details: payments-api' });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).queryByRole('tab', { name: 'Summary' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('connection refused');
  });

  it('has no details link when the run left no details', async () => {
    renderCanaryRoute(server, '/settings/canaries', {
      handlers: [
        listWith([{ ...row, job_status: 'SUCCESS', job_details: { errors: [] } }]).handler,
      ],
    });
    await screen.findByRole('table', { name: 'Health checks' });
    expect(screen.queryByRole('button', { name: 'View details' })).not.toBeInTheDocument();
  });

  it("shows 'No resources found' when there are none", async () => {
    renderCanaryRoute(server, '/settings/canaries');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('offers the types the served schema accepts, sorted by label, to those who may write canaries', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries', { roles: ['editor'] });
    await user.click(await screen.findByRole('button', { name: 'Add Health Check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Health Check' });
    const labels = within(dialog)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Custom', 'HTTP', 'Prometheus', 'TCP']);
    // Each type shows an icon, as the connection picker does.
    for (const link of within(dialog).getAllByRole('link')) {
      expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
    expect(within(dialog).getByRole('link', { name: 'HTTP' })).toHaveAttribute(
      'href',
      '/settings/canaries/new?type=http',
    );
  });

  it.each(['viewer', 'responder', 'commander'] as const)(
    'hides the add button from a %s',
    async (role) => {
      renderCanaryRoute(server, '/settings/canaries', {
        roles: [role],
        handlers: [listWith([row]).handler],
      });
      await screen.findByRole('table', { name: 'Health checks' });
      expect(screen.queryByRole('button', { name: 'Add Health Check' })).not.toBeInTheDocument();
    },
  );
});
