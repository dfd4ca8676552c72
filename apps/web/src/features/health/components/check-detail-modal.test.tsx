import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import type { CheckSummary } from '@vigil/domain';
import { makeCheck } from '../model/fixtures.test-helpers.ts';
import { CheckDetailModal } from './check-detail-modal.tsx';

const now = Date.UTC(2026, 2, 10, 12);
const check: CheckSummary = makeCheck({
  id: 'k1',
  canary_id: 'c1',
  canary_name: 'web',
  name: 'api-health',
  namespace: 'prod',
  type: 'http',
  endpoint: 'https://api.example.com/health',
  agent_id: '00000000-0000-0000-0000-000000000000',
  agent_name: 'local',
  labels: { tier: 'gold', env: 'prod' },
  status: 'healthy',
  // Three days old: the modal opens on 3d.
  last_runtime: new Date(now - 3 * 86_400_000 + 60_000).toISOString(),
});

// Buckets as the server aligns them for 3d: 864 s each, on the epoch, ending at the fetch.
const bucketMs = 864_000;
const recent = (ago: number) =>
  new Date(Math.floor((Date.now() - ago) / bucketMs) * bucketMs).toISOString();
const graph = {
  status: [
    {
      time: recent(3_600_000),
      status: true,
      total: 3,
      passed: 3,
      failed: 0,
      duration: 40,
    },
    {
      time: recent(0),
      status: false,
      total: 1,
      passed: 0,
      failed: 1,
      duration: 90,
    },
  ],
  uptime: { passed: 3, failed: 1 },
  latency: { p95: 120, p97: 130, p99: 1500, rolling1h: 100 },
};

const server = setupMsw();

interface Fixture {
  source?: string | null;
  configs?: unknown[];
  components?: unknown[];
}

function renderModal({ source = 'UI', configs = [], components = [] }: Fixture = {}) {
  const calls: Record<'graph' | 'history', URLSearchParams[]> = { graph: [], history: [] };
  server.use(
    ...sessionHandlers({ roles: ['viewer'] }),
    http.get('/api/canary/api/graph', ({ request }) => {
      calls.graph.push(new URL(request.url).searchParams);
      return HttpResponse.json(graph);
    }),
    http.get('/api/db/check_statuses', ({ request }) => {
      calls.history.push(new URL(request.url).searchParams);
      return HttpResponse.json([], { headers: { 'Content-Range': '*/0' } });
    }),
    http.get('/api/db/canaries', () =>
      HttpResponse.json([{ id: 'c1', name: 'web', namespace: 'prod', source }]),
    ),
    http.get('/api/db/checks', () =>
      HttpResponse.json([
        { id: 'k1', spec: { name: 'api-health', url: 'https://api.example.com/health' } },
      ]),
    ),
    http.get('/api/db/check_config_relationships', () => HttpResponse.json(configs)),
    http.get('/api/db/check_component_relationships', () => HttpResponse.json(components)),
  );
  const element = <CheckDetailModal check={check} now={now} onClose={() => undefined} />;
  renderRoutes([{ path: '/', element }], ['/']);
  return { user: userEvent.setup(), calls };
}

/** The dialog and the chart are their own chunks: their first import takes a while. */
function openDialog(): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: 'api-health' }, { timeout: 10_000 });
}

function setClipboard(value: unknown) {
  Object.defineProperty(window.navigator, 'clipboard', { value, configurable: true });
}

afterEach(() => {
  setClipboard(undefined);
  vi.restoreAllMocks();
});

describe('check detail modal', { timeout: 20_000 }, () => {
  it('shows the header, labels and the figures of the default range', async () => {
    const { calls } = renderModal();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Namespace').nextSibling).toHaveTextContent('prod');
    expect(within(dialog).getByText('https://api.example.com/health')).toBeInTheDocument();
    expect(within(dialog).getByText('Agent').nextSibling).toHaveTextContent('local');
    const labels = within(dialog).getByRole('list', { name: 'Labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['env: prod', 'tier: gold']);
    expect(within(dialog).getByLabelText('Time Range')).toHaveValue('3d');
    expect(await within(dialog).findByText('75.0%')).toBeInTheDocument();
    const latency = within(dialog).getByText('Latency').nextElementSibling;
    expect([...(latency?.querySelectorAll('span span') ?? [])].map((e) => e.textContent)).toEqual([
      '95: 120ms',
      '97: 130ms',
      '99: 1.50s',
    ]);
    expect(calls.graph[0]?.get('start')).toBe('3d');
    expect(calls.graph[0]?.get('count')).toBe('300');
    expect(calls.graph[0]?.get('check')).toBe('k1');
    await waitFor(() => expect(calls.history[0]?.get('time')).toBe('gt.now-72h'));
  });

  it('refetches the graph and the history for a new time range', async () => {
    const { user, calls } = renderModal();
    const dialog = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText('Time Range'), '1w');
    await waitFor(() => expect(calls.graph.at(-1)?.get('start')).toBe('1w'));
    await waitFor(() => expect(calls.history.at(-1)?.get('time')).toBe('gt.now-168h'));
  });

  it('draws the Health Overview chart', async () => {
    // No layout in DOM test envs: give the chart's container a size to draw in.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 640, height: 180 }),
    );
    renderModal();
    const overview = await screen.findByRole('region', { name: 'Health Overview' });
    await waitFor(() => expect(overview.querySelector('svg.recharts-surface')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(overview.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
    expect(overview.querySelector('.recharts-line-curve')).not.toBeNull();
  });

  it('shows the spec as YAML and moves between tabs with the arrow keys', async () => {
    const { user } = renderModal();
    const dialog = await openDialog();
    const history = within(dialog).getByRole('tab', { name: 'History' });
    expect(history).toHaveAttribute('aria-selected', 'true');
    await user.click(within(dialog).getByRole('tab', { name: 'Spec' }));
    const spec = await within(dialog).findByLabelText('Check spec');
    expect(spec).toHaveTextContent('name: api-health');
    expect(spec).toHaveTextContent('url: https://api.example.com/health');
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: 'Graph' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(history).toHaveFocus();
    expect(history).toHaveAttribute('aria-selected', 'true');
  });

  it('lists related configs and components with a count', async () => {
    const { user } = renderModal({
      configs: [{ config: { id: 'cfg1', name: 'web-pod' } }],
      components: [{ component: { id: 'cmp1', name: 'payments' } }],
    });
    const dialog = await openDialog();
    const tab = await within(dialog).findByRole('tab', { name: 'Relationships 2' });
    await user.click(tab);
    const table = within(dialog).getByRole('table', { name: 'Relationships' });
    expect(within(table).getByRole('link', { name: 'web-pod' })).toHaveAttribute(
      'href',
      '/catalog/cfg1',
    );
    expect(within(table).getByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      '/topology/cmp1',
    );
    expect(within(table).getByText('Component')).toBeInTheDocument();
  });

  it('shows the empty state without relationships', async () => {
    const { user } = renderModal();
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('tab', { name: 'Relationships 0' }));
    const panel = within(dialog).getByRole('tabpanel');
    expect(within(panel).getByText('No data available')).toBeInTheDocument();
  });

  it('links Edit for console canaries and names the source of others', async () => {
    renderModal();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/settings/canaries/c1',
    );
  });

  it('shows where a managed canary comes from instead of Edit', async () => {
    renderModal({ source: 'api/kubernetes' });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Managed by api/kubernetes')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('copy buttons', { timeout: 20_000 }, () => {
  it('copies the endpoint', async () => {
    const { user } = renderModal();
    let copied = '';
    setClipboard({ writeText: (text: string) => Promise.resolve(void (copied = text)) });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Copy endpoint' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(copied).toBe('https://api.example.com/health');
  });

  it('says when the clipboard is missing or refuses', async () => {
    const { user } = renderModal();
    setClipboard(undefined);
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Copy check id' }));
    expect(await screen.findByText('Clipboard not available')).toBeInTheDocument();
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    await user.click(within(dialog).getByRole('button', { name: 'Copy check id' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });
});
