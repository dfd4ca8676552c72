import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';
import type { AgentSummary } from '../model/agent-summary.ts';
import { agentSummaryRow } from '../model/agent-summary.fixture.ts';
import { tokenWarning } from '../components/install-instructions-dialog.tsx';

const server = setupMsw();

function agentRow(name: string, lastSeen: string | null): AgentSummary {
  return agentSummaryRow({
    id: `id-${name}`,
    name,
    description: `${name} cluster`,
    properties: { region: 'eu' },
    kubernetes: { enabled: false, interval: '30m', exclusions: [] },
    config_count: 3,
    checks_count: 7,
    config_scrapper_count: 1,
    playbook_runs_count: 2,
    last_seen: lastSeen,
    last_received: lastSeen,
    updated_at: '2026-01-02T00:00:00Z',
    created_by: { id: 'p1', name: 'Ada Admin' },
  });
}

const online = agentRow('eu-prod', new Date().toISOString());
const offline = agentRow('us-dev', '2026-01-01T00:00:00Z');

function renderPage(path: string, rows: AgentSummary[], fixture: SessionFixture = {}) {
  const lists: URLSearchParams[] = [];
  const patches: unknown[] = [];
  server.use(
    ...sessionHandlers(fixture),
    http.get('/api/db/agents_summary', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const id = params.get('id');
      if (id !== null) return HttpResponse.json(rows.filter((row) => `eq.${row.id}` === id));
      lists.push(params);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `0-1/${rows.length}` } });
    }),
    http.patch('/api/db/agents', async ({ request }) => {
      patches.push({ query: new URL(request.url).search, body: await request.json() });
      return HttpResponse.json([]);
    }),
  );
  const rendered = renderApp([path]);
  return { user: userEvent.setup(), lists, patches, router: rendered.router };
}

describe('agents page', () => {
  it('lists agents with counts, Online or Offline, and who created them', async () => {
    const fromCatalog = {
      ...offline,
      created_by_config: 'cfg-1',
      created_by_config_name: 'eu-cluster',
    };
    renderPage('/agents', [online, fromCatalog]);
    const table = await screen.findByRole('table', { name: 'Agents' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Status',
      'Last Pushed',
      'Created At',
      'Updated At',
      'Created By',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/eu-prod.*3.*7.*1.*2.*Online/);
    expect(second).toHaveTextContent(/us-dev.*Offline/);
    expect(first).toHaveTextContent('Ada Admin');
    expect(within(second ?? table).getByRole('link', { name: 'eu-cluster' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
  });

  it('is also served at /settings/agents, with the empty state', async () => {
    renderPage('/settings/agents', []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agents' })).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    server.use(
      ...sessionHandlers({}),
      http.get('/api/db/agents_summary', () =>
        HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 }),
      ),
    );
    renderApp(['/agents']);
    expect(await screen.findByText('Could not load the agents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sorts and pages on the server, with the state in the URL', async () => {
    const { user, lists, router } = renderPage('/agents', [online, offline]);
    await screen.findByRole('table', { name: 'Agents' });
    expect(lists.at(-1)?.get('order')).toBe('name.asc.nullslast,id.asc');
    expect(lists.at(-1)?.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Checks' }));
    await waitFor(() => expect(lists.at(-1)?.get('order')).toMatch(/^checks_count\.desc/));
    expect(router.state.location.search).toBe('?sortBy=checks_count&sortOrder=desc');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(lists.at(-1)?.get('limit')).toBe('100'));
    expect(router.state.location.search).toContain('pageSize=100');
  });

  it('hides Add Agent from a viewer', async () => {
    renderPage('/agents?addAgent=true', [online], { roles: ['viewer'] });
    await screen.findByRole('table', { name: 'Agents' });
    expect(screen.queryByRole('button', { name: 'Add Agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Agent' })).not.toBeInTheDocument();
  });

  it('creates an agent with addAgent=true and shows the token once with the commands', async () => {
    let posted: unknown;
    const { user, router } = renderPage('/agents?addAgent=true', []);
    server.use(
      http.post('/api/agent/generate', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          {
            id: '0192f0c4-0000-7000-8000-0000000000a9',
            username: 'agent-edge',
            access_token: 'vga_abc.secret',
          },
          { status: 201 },
        );
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Add Agent' });
    await user.click(within(drawer).getByRole('button', { name: 'Next' }));
    expect(await within(drawer).findByText('This field is required')).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('Name *'), 'edge');
    await user.click(within(drawer).getByRole('button', { name: 'Add property' }));
    await user.type(within(drawer).getByLabelText('Property 1 key'), 'zone');
    await user.type(within(drawer).getByLabelText('Property 1 value'), 'a');
    await user.click(within(drawer).getByRole('checkbox'));
    await user.click(within(drawer).getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Installation Instructions' });
    expect(posted).toEqual({
      name: 'edge',
      description: null,
      properties: { zone: 'a' },
      kubernetes: { enabled: true, interval: '30m', exclusions: [] },
    });
    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    expect(within(dialog).getByText(tokenWarning)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Access token')).toHaveTextContent('vga_abc.secret');
    await user.click(within(dialog).getByRole('tab', { name: 'CLI' }));
    expect(within(dialog).getByLabelText('CLI command')).toHaveTextContent(
      `vigil agent --upstream ${window.location.origin} --token vga_abc.secret --name edge`,
    );
    expect(router.state.location.search).toBe('');
  });

  it('opens the drawer from a row, keeps the name read-only and saves the description', async () => {
    const { user, patches, router } = renderPage('/agents', [online]);
    const table = await screen.findByRole('table', { name: 'Agents' });
    await user.click(within(table).getByRole('button', { name: 'eu-prod' }));
    expect(router.state.location.search).toBe('?id=id-eu-prod');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Agent eu-prod' });
    expect(within(drawer).getByLabelText('Name *')).toHaveAttribute('readonly');
    const description = within(drawer).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'moved');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        query: '?id=eq.id-eu-prod',
        body: {
          name: 'eu-prod',
          description: 'moved',
          properties: { region: 'eu' },
          kubernetes: { enabled: false, interval: '30m', exclusions: [] },
        },
      },
    ]);
  });

  it('asks about the created resources, then confirms, then deletes with the cleanup flag', async () => {
    const { user, patches, router } = renderPage('/agents?id=id-eu-prod', [online]);
    const drawer = await screen.findByRole('dialog', { name: 'Edit Agent eu-prod' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete resources' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
    expect(confirm).toHaveTextContent('and the resources it created');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        query: '?id=eq.id-eu-prod',
        body: { deleted_at: expect.stringMatching(/^\d{4}-/), cleanup: true },
      },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
