import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@vigil/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';

const server = setupMsw();

function counted(total: number) {
  return () =>
    HttpResponse.json(total > 0 ? [{ id: 'x' }] : [], {
      headers: { 'Content-Range': total > 0 ? `0-0/${total}` : `*/0` },
    });
}

function renderHome(
  counts: Record<string, number>,
  roles: Role[] = ['admin'],
  edition: 'full' | 'health' = 'full',
) {
  server.use(
    ...sessionHandlers({ roles, edition }),
    http.get('/api/topology', () =>
      HttpResponse.json({ components: [], teams: [], types: [], healthStatuses: [], tags: {} }),
    ),
    ...['canaries', 'checks', 'agents', 'people'].map((table) =>
      http.get(`/api/db/${table}`, counted(counts[table] ?? 0)),
    ),
    http.get('/api/canary/api/summary', () =>
      HttpResponse.json({ runnerName: 'local', checks_summary: [] }),
    ),
  );
  return renderApp(['/']);
}

describe('home', () => {
  it('guides a new installation through its first steps, with progress from the data', async () => {
    renderHome({ agents: 1, people: 1 });
    expect(await screen.findByRole('heading', { name: 'Welcome to Vigil' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 first steps done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a canary' })).toHaveAttribute(
      'href',
      '/settings/canaries/new',
    );
    const agentStep = screen.getByRole('heading', { name: 'Register an agent' }).closest('li');
    expect(agentStep && within(agentStep).getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite a teammate' })).toHaveAttribute(
      'href',
      '/settings/users?invite=true',
    );
  });

  it('offers a viewer no action it cannot take', async () => {
    renderHome({}, ['viewer']);
    await screen.findByRole('heading', { name: 'Welcome to Vigil' });
    expect(screen.queryByRole('link', { name: 'Add a canary' })).not.toBeInTheDocument();
    expect(screen.getAllByText('An administrator can do this.')).toHaveLength(3);
  });

  it('becomes the topology dashboard once the installation has a canary', async () => {
    const { router } = renderHome({ canaries: 1, checks: 2 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
  });

  it('becomes the health dashboard in the health edition', async () => {
    renderHome({ canaries: 1, checks: 2 }, ['admin'], 'health');
    expect(
      await screen.findByPlaceholderText('Search by name, description, or endpoint'),
    ).toBeInTheDocument();
  });
});
