import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { cluster, ids, topologyAnswer } from '../model/topology-fixtures.ts';
import { componentPageRenderer } from './component-page-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();
const render = componentPageRenderer(server);

describe('component componentPath and keyboard', () => {
  it('names the component in the shell breadcrumb, and then the child it zooms into', async () => {
    const nodeA = cluster.components?.[0];
    if (nodeA === undefined) throw new Error('fixture has two nodes');
    const { user } = render(
      ['admin'],
      [
        http.get('/api/topology', ({ request }) => {
          const id = new URL(request.url).searchParams.get('id');
          return HttpResponse.json(topologyAnswer(id === ids.nodeA ? [nodeA] : [cluster]));
        }),
        http.get('/api/db/team_components', () => HttpResponse.json([])),
      ],
    );
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() =>
      expect(within(crumbs).getByText('prod-cluster')).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(crumbs).getByText('Topology')).not.toHaveAttribute('aria-current');
    expect(within(crumbs).queryByText('Component')).not.toBeInTheDocument();

    const cards = screen.getByRole('list', { name: 'Components' });
    const card = within(cards).getByRole('article', { name: 'node-a' });
    await user.click(within(card).getByRole('link', { name: 'node-a' }));
    await waitFor(() =>
      expect(within(crumbs).getByText('node-a')).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(crumbs).queryByText('prod-cluster')).not.toBeInTheDocument();
    expect(document.title).toBe('node-a | Vigil');
  });

  it('starts the trail at Dashboard with the ancestors, and works the menu by keyboard', async () => {
    const nodeB = cluster.components?.[1];
    if (nodeB === undefined) throw new Error('fixture has two nodes');
    let asked: string | null = null;
    server.use(
      ...sessionHandlers(),
      http.get('/api/topology', () => HttpResponse.json(topologyAnswer([nodeB]))),
      http.get('/api/db/agents', () => HttpResponse.json([])),
      http.get('/api/db/components', ({ request }) => {
        asked = new URL(request.url).searchParams.get('id');
        return HttpResponse.json([{ id: ids.cluster, name: 'prod-cluster' }]);
      }),
    );
    const user = userEvent.setup();
    renderApp([`/topology/${ids.nodeB}`]);
    const trail = await screen.findByRole('navigation', { name: 'Topology path' });
    expect(await within(trail).findByRole('link', { name: 'prod-cluster' })).toHaveAttribute(
      'href',
      `/topology/${ids.cluster}`,
    );
    expect(within(trail).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/topology',
    );
    expect(asked).toBe(`in.(${ids.cluster})`);
    // A leaf shows its own card, without a second menu beside the panel's.
    expect(screen.getAllByRole('button', { name: 'Actions for node-b' })).toHaveLength(1);
    screen.getByRole('button', { name: 'Actions for node-b' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'View Logs' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Link to Incident' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Link to Catalog' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for node-b' })).toHaveFocus();
  });
});
