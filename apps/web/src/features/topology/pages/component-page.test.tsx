import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { cluster, ids } from '../model/topology-fixtures.ts';
import { componentPageRenderer } from './component-page-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();
const render = componentPageRenderer(server);

afterEach(() => vi.useRealTimers());

describe('component page and side panel', () => {
  it('shows the children as cards and one side-panel section at a time, Details first', async () => {
    const { user } = render();
    const panel = await screen.findByRole('complementary', { name: 'Component details' });
    expect(screen.getByRole('heading', { level: 1, name: 'prod-cluster' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Components' });
    expect(
      within(cards)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    // node-b uses 90% of its CPU: red.
    const nodeB = within(cards).getByRole('article', { name: 'node-b' });
    expect(within(nodeB).getByTitle('3.60 of 4.00 (90%)')).toHaveClass('text-unhealthy');
    const nodeA = within(cards).getByRole('article', { name: 'node-a' });
    expect(within(nodeA).getByTitle('1.20 of 4.00 (30%)')).not.toHaveClass('text-unhealthy');

    const titles = within(panel)
      .getAllByRole('button', { expanded: false })
      .concat(within(panel).getAllByRole('button', { expanded: true }))
      .map((b) => b.textContent);
    for (const title of [
      'Details',
      'Catalog',
      'Incidents',
      'Changes',
      'Checks',
      'Playbooks',
      'Teams',
      'Insights',
    ]) {
      expect(titles).toContain(title);
    }
    const details = within(panel).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText('1 of 2 nodes unhealthy')).toBeInTheDocument();
    const teams = within(panel).getByRole('button', { name: 'Teams' });
    await user.click(teams);
    expect(teams).toHaveAttribute('aria-expanded', 'true');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(await within(panel).findByText('owner')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Checks' }));
    expect(await within(panel).findByRole('link', { name: 'api-health' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Collapse the side panel' }));
    expect(within(panel).queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand the side panel' }));
    expect(await screen.findByRole('button', { name: 'Details' })).toBeInTheDocument();
  });

  it('hides Incidents and Link to Incident from a viewer', async () => {
    const { user } = render(['viewer']);
    const panel = await screen.findByRole('complementary', { name: 'Component details' });
    expect(within(panel).queryByRole('button', { name: 'Incidents' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Actions for prod-cluster' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['View Logs', 'Snapshot']);
  });

  it('links a catalog item from the picker after the 1000 ms pause', async () => {
    const searches: string[] = [];
    let posted: unknown;
    const { user } = render(
      ['admin'],
      [
        http.get('/api/db/configs', ({ request }) => {
          const params = new URL(request.url).searchParams;
          expect(params.get('limit')).toBe('50');
          searches.push(params.get('name') ?? '');
          return HttpResponse.json([
            { id: ids.config, name: 'prod-kubeconfig', type: 'Kubernetes::Cluster' },
          ]);
        }),
        http.post('/api/db/config_component_relationships', async ({ request }) => {
          posted = await request.json();
          return HttpResponse.json([posted], { status: 201 });
        }),
      ],
    );
    const panel = await screen.findByRole('complementary', { name: 'Component details' });
    await user.click(within(panel).getByRole('button', { name: 'Actions for prod-cluster' }));
    await user.click(screen.getByRole('menuitem', { name: 'Link to Catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Catalog' });
    const linkButton = within(dialog).getByRole('button', { name: 'Link' });
    expect(linkButton).toBeDisabled();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search the catalog' }), 'prod');
    const started = Date.now();
    await waitFor(() => expect(searches).toContain('ilike.*prod*'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Typing 'prod' asked once after the pause, not once per key.
    expect(searches).toEqual(['', 'ilike.*prod*']);
    await user.click(within(dialog).getByRole('radio', { name: /prod-kubeconfig/ }));
    expect(linkButton).toBeEnabled();
    await user.click(linkButton);
    expect(await screen.findByText('config link successful')).toBeInTheDocument();
    expect(posted).toEqual({
      component_id: ids.cluster,
      config_id: ids.config,
      selector_id: 'manual',
    });
  });

  it('unlinks a manual catalog link after the confirmation', async () => {
    let deleted: string | undefined;
    const { user } = render(
      ['admin'],
      [
        http.delete('/api/db/config_component_relationships', ({ request }) => {
          deleted = new URL(request.url).search;
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    );
    const panel = await screen.findByRole('complementary', { name: 'Component details' });
    await user.click(within(panel).getByRole('button', { name: 'Catalog' }));
    await user.click(await within(panel).findByRole('button', { name: 'Unlink prod-kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink catalog item' });
    expect(deleted).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Deleted config link successfully')).toBeInTheDocument();
    expect(deleted).toBe(
      `?component_id=eq.${ids.cluster}&config_id=eq.${ids.config}&selector_id=eq.manual`,
    );
  });

  it('downloads a snapshot zip with the range and related toggle, or says it failed', async () => {
    const asked: URLSearchParams[] = [];
    let fail = false;
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:snapshot');
    // A real click would make happy-dom navigate to the blob URL.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const downloads: string[] = [];
    onTestFinished(() => {
      createUrl.mockRestore();
      clicked.mockRestore();
    });
    const { user } = render(
      ['viewer'],
      [
        http.get('/api/snapshot/topology/:id', ({ request, params }) => {
          expect(params.id).toBe(ids.cluster);
          asked.push(new URL(request.url).searchParams);
          if (fail) return HttpResponse.json({ message: 'boom' }, { status: 500 });
          return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: { 'Content-Type': 'application/zip' },
          });
        }),
      ],
    );
    const panel = await screen.findByRole('complementary', { name: 'Component details' });
    const openSnapshot = async () => {
      await user.click(within(panel).getByRole('button', { name: 'Actions for prod-cluster' }));
      await user.click(screen.getByRole('menuitem', { name: 'Snapshot' }));
      return screen.findByRole('dialog', { name: 'Snapshot' });
    };
    let dialog = await openSnapshot();
    expect(within(dialog).getByRole('combobox', { name: 'Time Range' })).toHaveValue('15m');
    const related = within(dialog).getByRole('checkbox', { name: 'Include related components' });
    expect(related).not.toBeChecked();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Time Range' }), '1d');
    await user.click(related);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toEqual(['prod-cluster-snapshot.zip']));
    expect(createUrl).toHaveBeenCalled();
    expect(asked[0]?.get('start')).toBe('1d');
    expect(asked[0]?.get('related')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = true;
    dialog = await openSnapshot();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Error downloading file')).toBeInTheDocument();
  });

  it('warns when the answer has several components for the id', async () => {
    render(['admin'], [], [cluster, cluster]);
    expect(
      await screen.findByText('Response has multiple components for the id.'),
    ).toBeInTheDocument();
  });
});
