import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@vigil/domain';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { cluster, ids, rootResponse, topologyAnswer } from '../model/topology-fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();

function render(path: string, roles: Role[] = ['admin'], handlers: RequestHandler[] = []) {
  const calls: URLSearchParams[] = [];
  const notify = vi.fn();
  server.use(
    ...handlers,
    ...sessionHandlers({ roles }),
    http.get('/api/topology', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      if (params.get('id') === ids.cluster) return HttpResponse.json(topologyAnswer([cluster]));
      if (params.get('status') === 'healthy') return HttpResponse.json(topologyAnswer([]));
      return HttpResponse.json(rootResponse);
    }),
    http.get('/api/db/agents', () => HttpResponse.json([{ id: ids.team, name: 'edge-agent' }])),
  );
  return { user: userEvent.setup(), calls, notify, ...renderApp([path], notify) };
}

function cardNames(): string[] {
  const grid = screen.getByRole('list', { name: 'Components' });
  return within(grid)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '');
}

beforeEach(() => window.localStorage.clear());

describe('topology dashboard', () => {
  it('shows the cards worst first, with borders, grouped properties, usage and badges', async () => {
    render('/topology');
    await screen.findByRole('link', { name: 'prod-cluster' });
    expect(cardNames()).toEqual(['billing-api', 'prod-cluster', 'orders-db']);
    const card = screen.getByRole('article', { name: 'prod-cluster' });
    expect(card.className).toContain('border-t-warning');
    expect(screen.getByRole('article', { name: 'billing-api' }).className).toContain(
      'border-t-unhealthy',
    );
    // version/part-of and vpc/subnet on one line each; hidden properties never show.
    expect(within(card).getByText('version/part-of:')).toBeInTheDocument();
    expect(within(card).getByText('vpc/subnet:')).toBeInTheDocument();
    expect(within(card).queryByText('never shown')).not.toBeInTheDocument();
    expect(within(card).getByText('$1.5k')).toBeInTheDocument();
    // Six lines show; the seventh waits behind 'show more'.
    expect(within(card).queryByText('containerd')).not.toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole('button', { name: 'Show more properties of prod-cluster' }),
    );
    expect(within(card).getByText('containerd')).toBeInTheDocument();
    // Children: unhealthy first; insights by type and severity.
    const children = within(card).getAllByRole('link', { name: /node-/ });
    expect(children.map((c) => c.textContent)).toEqual(['node-b', 'node-a']);
    expect(within(card).getByTitle('security: 2 critical, 2 medium')).toBeInTheDocument();
    // Seven teams: five avatars and '+2'.
    const teams = within(card).getByRole('list', { name: 'Teams of prod-cluster' });
    expect(within(teams).getAllByRole('listitem')).toHaveLength(6);
    expect(within(teams).getByText('+2')).toBeInTheDocument();
  });

  it('keeps filters in the URL, sends them to the API, and All removes them', async () => {
    const { user, calls, router } = render('/topology?type=Service&team=All');
    await screen.findByRole('link', { name: 'billing-api' });
    const first = calls[0];
    expect(first?.get('type')).toBe('Service');
    expect(first?.get('flatten')).toBe('true');
    expect(first?.has('team')).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Labels' }), 'env=prod');
    await waitFor(() => expect(router.state.location.search).toContain('labels=env%3Dprod'));
    await waitFor(() => expect(calls.at(-1)?.get('labels')).toBe('env=prod'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All');
    await waitFor(() => expect(router.state.location.search).not.toContain('type='));
    expect(calls.at(-1)?.has('flatten')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Show hidden components' }));
    await waitFor(() => expect(calls.at(-1)?.get('hidden')).toBe('true'));
    expect(router.state.location.search).toContain('showHiddenComponents=yes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Health' }), 'healthy');
    expect(
      await screen.findByText('There are no components matching this criteria'),
    ).toBeInTheDocument();
  });

  it('sorts by a standard field or a headline property and keeps the choice locally', async () => {
    const { user, router } = render('/topology');
    await screen.findByRole('link', { name: 'prod-cluster' });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Health', 'Name', 'Type', 'Last Updated', 'connections']);
    await user.selectOptions(sortBy, 'name');
    await waitFor(() => expect(cardNames()).toEqual(['prod-cluster', 'orders-db', 'billing-api']));
    await user.click(screen.getByRole('button', { name: 'Sort descending' }));
    expect(cardNames()).toEqual(['billing-api', 'orders-db', 'prod-cluster']);
    expect(router.state.location.search).toContain('sortBy=name&sortOrder=asc');
    expect(window.localStorage.getItem('topologyCardsSortByStandard')).toBe('name');
    expect(window.localStorage.getItem('topologyCardsSortOrder')).toBe('asc');
    await user.selectOptions(sortBy, 'field:connections');
    expect(window.localStorage.getItem('topologyCardsSortByCustom')).toBe('field:connections');
  });

  it('keeps the card width from the slider and the presets as topology_card_width', async () => {
    const { user } = render('/topology');
    const card = await screen.findByRole('article', { name: 'orders-db' });
    expect(card.style.width).toBe('356px');
    await user.click(screen.getByRole('button', { name: 'Extra large cards (554 px)' }));
    expect(window.localStorage.getItem('topology_card_width')).toBe('554');
    expect(screen.getByRole('article', { name: 'orders-db' }).style.width).toBe('554px');
    const slider = screen.getByRole('slider', { name: 'Card width' });
    expect(slider).toHaveAttribute('min', '250');
    expect(slider).toHaveAttribute('max', '768');
    expect(slider).toHaveAttribute('step', '2');
  });

  it('offers the card actions by permission and zooms in to the component', async () => {
    const { user, router } = render('/topology?team=sre', ['viewer']);
    const card = await screen.findByRole('article', { name: 'prod-cluster' });
    await user.click(within(card).getByRole('button', { name: 'Actions for prod-cluster' }));
    const menu = screen.getByRole('menu', { name: 'Actions for prod-cluster' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['View Logs', 'Zoom In', 'Snapshot']);
    expect(within(menu).getByRole('menuitem', { name: 'View Logs' })).toHaveAttribute(
      'href',
      `/logs?topologyId=${ids.cluster}`,
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Zoom In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/topology/${ids.cluster}`));
    expect(router.state.location.search).toBe('?team=sre');
  });
});
