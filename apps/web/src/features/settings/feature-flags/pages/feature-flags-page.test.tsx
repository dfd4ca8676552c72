import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Property } from '@/lib/session/session-schemas.ts';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

const server = setupMsw();

const localFlag: Property = {
  name: 'logs.disable',
  value: 'true',
  description: 'Set in the config file',
  source: 'local',
  created_by: null,
  created_at: null,
  updated_at: null,
};
const uiFlag: Property = {
  ...localFlag,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  name: 'incidents.disable',
  value: 'false',
  description: 'Hides incidents',
  source: null,
};

function renderPage(flags: Property[], fixture: SessionFixture = {}) {
  server.use(...sessionHandlers({ ...fixture, flags }));
  const notify = vi.fn();
  const user = userEvent.setup();
  renderApp(['/settings/feature-flags'], notify);
  return { user, notify };
}

/** The header's add button (an empty list offers a second one in its empty state). */
async function addButton(): Promise<HTMLElement> {
  const [first] = await screen.findAllByRole('button', { name: 'Add Feature Flag' });
  if (!first) throw new Error('no Add Feature Flag button');
  return first;
}

describe('feature flags page', () => {
  it('lists the flags', async () => {
    renderPage([localFlag, uiFlag]);
    const table = await screen.findByRole('table', { name: 'Feature flags' });
    expect(within(table).getByText('logs.disable')).toBeInTheDocument();
    expect(within(table).getByText('incidents.disable')).toBeInTheDocument();
    expect(within(table).getByText('Set in the config file')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Feature Flag' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderPage([]);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('hides write controls without write permission', async () => {
    renderPage([uiFlag], { roles: ['viewer'] });
    await screen.findByRole('table', { name: 'Feature flags' });
    expect(screen.queryByRole('button', { name: 'Add Feature Flag' })).not.toBeInTheDocument();
  });

  it('asks for all details, then creates a flag', async () => {
    const { user } = renderPage([]);
    let posted: unknown;
    server.use(
      http.post('/api/db/properties', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json([posted], { status: 201 });
      }),
    );
    await user.click(await addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Feature Flag' });
    await user.type(within(dialog).getByLabelText('Name'), 'health.disable');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('please provide all details')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature flag added successfully')).toBeInTheDocument();
    expect(posted).toEqual({
      name: 'health.disable',
      value: 'true',
      description: '',
      source: 'UI',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('updates a flag by name', async () => {
    const { user } = renderPage([uiFlag]);
    let patched: { url: string; body: unknown } | undefined;
    server.use(
      http.patch('/api/db/properties', async ({ request }) => {
        patched = { url: new URL(request.url).search, body: await request.json() };
        return HttpResponse.json([]);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'incidents.disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Feature Flag' });
    const value = within(dialog).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Feature flag updated successfully')).toBeInTheDocument();
    expect(patched).toEqual({
      url: '?name=eq.incidents.disable',
      body: { value: 'true', description: 'Hides incidents' },
    });
  });

  it('removes a flag after a confirmation', async () => {
    const { user } = renderPage([uiFlag]);
    const remove = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.delete('/api/db/properties', remove));
    await user.click(await screen.findByRole('button', { name: 'incidents.disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Feature Flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Feature Flag' });
    expect(confirm).toHaveTextContent('Delete the feature flag incidents.disable?');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Feature flag removed successfully')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('refuses to save a local flag', async () => {
    const { user } = renderPage([localFlag]);
    const patch = vi.fn();
    server.use(http.patch('/api/db/properties', patch));
    await user.click(await screen.findByRole('button', { name: 'logs.disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Local Feature Flag' });
    expect(within(dialog).getByLabelText('Value')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot edit local feature flags')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('toasts the server message when a save fails', async () => {
    const { user, notify } = renderPage([]);
    server.use(
      http.post('/api/db/properties', () =>
        HttpResponse.json({ message: 'duplicate key value' }, { status: 409 }),
      ),
    );
    await user.click(await addButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'x.disable');
    await user.type(within(dialog).getByLabelText('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('duplicate key value'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
