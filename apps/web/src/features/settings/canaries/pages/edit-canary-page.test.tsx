import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import {
  renderCanaryRoute,
  testSchema,
  waitForYaml,
  yamlText,
  yamlView,
} from './canary-test-setup.ts';

const server = setupMsw();
const id = '0192f0c4-0000-7000-8000-000000000201';

const canary = {
  id,
  name: 'shop',
  namespace: 'prod',
  labels: { team: 'web' },
  source: 'UI',
  spec: {
    schedule: '@every 1m',
    http: [{ name: 'home', url: 'https://shop.example.com', thresholdMillis: 800 }],
  },
};

function canaryHandler(row: unknown) {
  return http.get('/api/db/canaries', () => HttpResponse.json([row]));
}

describe('edit canary page', () => {
  it('fixes name and namespace, patches only labels and spec, then goes back', async () => {
    let patched: { query: string; body: unknown } | undefined;
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user, router } = renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [
        canaryHandler(canary),
        http.patch('/api/db/canaries', async ({ request }) => {
          patched = { query: new URL(request.url).search, body: await request.json() };
          await answered;
          return HttpResponse.json([{ id }]);
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'shop' });
    expect(screen.getByLabelText('Name *')).toBeDisabled();
    expect(screen.getByLabelText('Namespace *')).toBeDisabled();
    expect(screen.getByLabelText('URL *')).toHaveValue('https://shop.example.com');
    const threshold = screen.getByLabelText('Threshold (ms)');
    await user.clear(threshold);
    await user.type(threshold, '1200');
    await waitForYaml((text) => expect(text).toContain('thresholdMillis: 1200'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Updating…' })).toBeDisabled();
    answer();
    expect(await screen.findByText('shop updated successfully')).toBeInTheDocument();
    expect(patched?.query).toBe(`?id=eq.${id}&select=id`);
    expect(patched?.body).toEqual({
      labels: { team: 'web' },
      spec: {
        schedule: '@every 1m',
        http: [{ name: 'home', url: 'https://shop.example.com', thresholdMillis: 1200 }],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
  });

  it('soft-deletes after a confirmation and goes back to the list', async () => {
    let body: unknown;
    const { user, router } = renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [
        // Once deleted, the canary is no longer found, as on the real server.
        http.get('/api/db/canaries', () => HttpResponse.json(body === undefined ? [canary] : [])),
        // Other reads answer later than the canary's, as they can on a real server.
        http.get('/api/schemas/canary.schema.json', async () => {
          if (body !== undefined) await delay(300);
          return HttpResponse.json(testSchema);
        }),
        http.patch('/api/db/canaries', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json([{ id }]);
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Health Check' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('shop deleted successfully')).toBeInTheDocument();
    expect(body).toEqual({ deleted_at: expect.any(String) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('shows a canary managed elsewhere read only', async () => {
    const patch = vi.fn();
    renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [
        canaryHandler({ ...canary, source: 'kubernetes/prod/shop' }),
        http.patch('/api/db/canaries', patch),
      ],
    });
    expect(await screen.findByText(/Managed by kubernetes\/prod\/shop/)).toBeInTheDocument();
    // The name is shown as text, not as a field.
    expect(screen.queryByLabelText('Name *')).not.toBeInTheDocument();
    expect(screen.getAllByText('shop').length).toBeGreaterThan(1);
    expect(screen.getByLabelText('URL *')).toBeDisabled();
    expect(screen.getByLabelText('Schedule')).toBeDisabled();
    // The editors show the canary without letting it be changed.
    expect(await screen.findByRole('textbox', { name: 'Labels' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    expect((await yamlView()).state.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('is read only for a viewer', async () => {
    renderCanaryRoute(server, `/settings/canaries/${id}`, {
      roles: ['viewer'],
      handlers: [canaryHandler(canary)],
    });
    await screen.findByRole('heading', { name: 'shop' });
    expect(screen.getByLabelText('Check Name *')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('edits a canary with several checks in YAML only', async () => {
    renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [
        canaryHandler({
          ...canary,
          spec: { ...canary.spec, tcp: [{ name: 'port', endpoint: 'shop:443' }] },
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'shop' });
    expect(screen.queryByRole('tab', { name: 'Form' })).not.toBeInTheDocument();
    expect(await yamlText()).toContain('endpoint: shop:443');
  });

  it('lists the canary runs in the Job History tab', async () => {
    let query = '';
    const { user } = renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [
        canaryHandler(canary),
        http.get('/api/db/job_history', ({ request }) => {
          query = decodeURIComponent(new URL(request.url).search);
          return HttpResponse.json([
            {
              id: 'j1',
              status: 'FAILED',
              time_start: '2026-11-24T10:00:00Z',
              duration_millis: 1500,
              success_count: 0,
              error_count: 1,
              details: { errors: ['home: connection refused'] },
            },
          ]);
        }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    const table = await screen.findByRole('table', { name: 'Job history' });
    expect(table).toHaveTextContent('FAILED');
    expect(table).toHaveTextContent('1.5s');
    expect(table).toHaveTextContent('home: connection refused');
    expect(query).toContain(`resource_id=eq.${id}`);
    expect(query).toContain('name=eq.Canary');
    expect(query).toContain('limit=150');
  });

  it('says when the canary does not exist', async () => {
    renderCanaryRoute(server, `/settings/canaries/${id}`, {
      handlers: [http.get('/api/db/canaries', () => HttpResponse.json([]))],
    });
    expect(await screen.findByText('Health check not found')).toBeInTheDocument();
  });
});
