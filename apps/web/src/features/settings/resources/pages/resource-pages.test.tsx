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
const teamId = '0192f0c4-0000-7000-8000-000000000501';
const topology = {
  id: '0192f0c4-0000-7000-8000-000000000601',
  name: 'shop',
  namespace: 'prod',
  labels: { app: 'shop', tier: 'web' },
  source: 'UI',
  schedule: '@every 5m',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  last_runtime: '2026-11-24T10:00:00Z',
  job_status: 'SUCCESS',
  job_details: null,
  job_last_failed: null,
  created_by: { id: 'p1', name: 'Ada Admin' },
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
};

function render(path: string, handlers: RequestHandler[], fixture: SessionFixture = {}) {
  server.use(...handlers, ...sessionHandlers(fixture));
  const user = userEvent.setup();
  return { user, ...renderApp([path]) };
}

describe('generic settings list', () => {
  it('lists topologies from topologies_with_status without the Schedule column', async () => {
    let query = '';
    render('/settings/topologies', [
      http.get('/api/db/topologies_with_status', ({ request }) => {
        query = decodeURIComponent(new URL(request.url).search);
        return HttpResponse.json([topology]);
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Topologies' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Name',
      'Source',
      'Namespace',
      'Job Status',
      'Last Run',
      'Last Failed',
      'Tags',
      'Created',
      'Updated',
      'Created By',
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('+1 more');
    expect(query).toContain('deleted_at=is.null');
    expect(query).toContain('order=created_at.desc');
    expect(query).toContain('limit=100');
    expect(screen.getByRole('button', { name: 'Add Topology' })).toBeInTheDocument();
  });

  it('shows No resources found, and no add button to a viewer', async () => {
    render(
      '/settings/teams',
      [http.get('/api/db/teams_with_status', () => HttpResponse.json([]))],
      {
        roles: ['viewer'],
      },
    );
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Team' })).not.toBeInTheDocument();
  });
});

describe('generic settings detail', () => {
  it('shows a source-managed rule read only', async () => {
    render('/settings/incident_rules/r1', [
      http.get('/api/db/incident_rules', () =>
        HttpResponse.json([{ id: 'r1', name: 'crd-rule', source: 'KubernetesCRD', spec: {} }]),
      ),
    ]);
    expect(await screen.findByText(/Managed by KubernetesCRD/)).toBeInTheDocument();
    expect(screen.getByText('crd-rule', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says a team has no members yet, and removes a member with a toast', async () => {
    let members = [
      { person_id: 'p2', person: { id: 'p2', name: 'Grace Hopper', email: 'g@x.io' } },
    ];
    const removed: string[] = [];
    const { user } = render(`/settings/teams/${teamId}?tab=manageTeam`, [
      http.get('/api/db/teams', () =>
        HttpResponse.json([{ id: teamId, name: 'sre', source: 'UI', spec: {} }]),
      ),
      http.get('/api/db/team_members', () => HttpResponse.json(members)),
      http.delete('/api/db/team_members', ({ request }) => {
        removed.push(decodeURIComponent(new URL(request.url).search));
        members = [];
        return new HttpResponse(null, { status: 204 });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    expect(
      await screen.findByText('Grace Hopper removed from team successfully'),
    ).toBeInTheDocument();
    expect(removed[0]).toContain(`team_id=eq.${teamId}`);
    expect(removed[0]).toContain('person_id=eq.p2');
    await waitFor(() =>
      expect(
        screen.getByText("You haven't added any team members to the team yet."),
      ).toBeInTheDocument(),
    );
  });

  it('soft-deletes after confirmation and returns to the list', async () => {
    const patches: unknown[] = [];
    const { user, router } = render(`/settings/topologies/${topology.id}`, [
      http.get('/api/db/topologies', () =>
        HttpResponse.json([{ ...topology, spec: { type: 'App' } }]),
      ),
      http.get('/api/db/topologies_with_status', () => HttpResponse.json([])),
      http.patch('/api/db/topologies', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json([{ id: topology.id }]);
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Topology' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('shop deleted successfully')).toBeInTheDocument();
    expect(patches).toEqual([{ deleted_at: expect.any(String) }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
  });
});
