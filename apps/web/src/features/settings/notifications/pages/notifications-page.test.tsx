import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';
import type { NotificationRow } from '../api/notifications-query.ts';

const server = setupMsw();

const slack: NotificationRow = {
  id: '0190a4f2-59d5-7c3e-8a4b-0a1b2c3d4e5f',
  title: 'Slack on failure',
  events: ['check.failed'],
  filter: null,
  template: 'Check {{ .check.name }}',
  person_id: null,
  team_id: null,
  properties: null,
  custom_services: [{ connection: 'connection://default/slack', name: 'ops' }],
  repeat_interval: null,
  source: 'UI',
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  pending: 0,
  failed: 2,
  sent: 7,
  avg_duration_ms: 41.6,
  most_common_error: 'POST https://hooks.slack.com: 502 Bad Gateway',
  person: null,
  team: null,
  created_by: { id: 'p1', name: 'Ada Admin' },
};

function renderPage(
  rows: unknown[],
  fixture: SessionFixture = {},
  path = '/settings/notifications',
) {
  const writes: Array<{ method: string; url: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({ method: request.method, url: request.url, body: await request.json() });
    return HttpResponse.json([], { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(
    ...sessionHandlers(fixture),
    http.get('/api/db/notifications_summary', () => HttpResponse.json(rows)),
    http.get('/api/db/people', () => HttpResponse.json([{ id: 'p2', name: 'Alice' }])),
    http.get('/api/db/teams', () => HttpResponse.json([{ id: 't1', name: 'SRE' }])),
    http.get('/api/db/connections', () => HttpResponse.json([])),
    http.post('/api/db/notifications', record),
    http.patch('/api/db/notifications', record),
  );
  const user = userEvent.setup();
  const notify = vi.fn();
  renderApp([path], notify);
  return { user, writes, notify };
}

describe('notifications settings page', () => {
  it('lists notifications with their delivery figures', async () => {
    renderPage([slack]);
    const table = await screen.findByRole('table', { name: 'Notifications' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row ?? table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'Slack on failure',
      'check.failed',
      'ops',
      'UI',
      '7',
      '2',
      '0',
      '42 ms',
    ]);
    expect(screen.getByRole('link', { name: 'Job History' })).toHaveAttribute(
      'href',
      '/settings/jobs',
    );
  });

  it('shows the spec’s empty state', async () => {
    renderPage([]);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('creates with the chosen recipient only: tabs clear each other', async () => {
    const { user, writes } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
    await user.click(within(dialog).getByRole('tab', { name: 'Person' }));
    await within(dialog).findByRole('option', { name: 'Alice' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Person' }), 'p2');
    await user.click(within(dialog).getByRole('tab', { name: 'Team' }));
    await within(dialog).findByRole('option', { name: 'SRE' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 't1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe('POST');
    expect(writes[0]?.body).toMatchObject({
      events: ['check.failed'],
      person_id: null,
      team_id: 't1',
      custom_services: null,
      source: 'UI',
    });
    expect(await screen.findByText('Notification added successfully')).toBeInTheDocument();
  });

  it('requires at least one event', async () => {
    const { user, writes } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'check.failed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select at least one event')).toBeVisible();
    expect(writes).toHaveLength(0);
  });

  it('updates, nulling the recipients not chosen', async () => {
    const { user, writes } = renderPage([slack]);
    await user.click(await screen.findByText('Slack on failure'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.url).toContain(`id=eq.${slack.id}`);
    expect(writes[0]?.body).toMatchObject({ person_id: null, team_id: null });
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
  });

  it('shows a notification from another source read-only, without Submit', async () => {
    const { user } = renderPage([{ ...slack, source: 'KubernetesCRD' }]);
    await user.click(await screen.findByText('Slack on failure'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toBeDisabled();
  });

  it('shows the server’s message when a save is refused, keeping the form open', async () => {
    const { user, notify } = renderPage([]);
    server.use(
      http.post('/api/db/notifications', () =>
        HttpResponse.json(
          { code: '400', message: 'filter is not valid CEL: unexpected end', details: null },
          { status: 400 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
    await user.type(within(dialog).getByLabelText('Filter (CEL)'), 'check.name ==');
    await user.type(within(dialog).getByLabelText('Connection'), 'connection://default/slack');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('filter is not valid CEL: unexpected end'),
    );
    expect(screen.getByRole('dialog', { name: 'Add Notification' })).toBeInTheDocument();
  });

  it('marks the fields the server names: a repeat interval of banana, no recipient', async () => {
    const { user } = renderPage([]);
    server.use(
      http.post('/api/db/notifications', () =>
        HttpResponse.json(
          {
            code: 'bad_request',
            message:
              'repeat_interval must look like 30m, 4h or 1d; recipient: choose exactly one recipient: a person, a team or custom services',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
    await user.type(within(dialog).getByLabelText('Repeat interval'), 'banana');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const repeat = within(dialog).getByLabelText('Repeat interval');
    await waitFor(() => expect(repeat).toHaveAttribute('aria-invalid', 'true'));
    expect(repeat).toHaveAccessibleDescription('This field must look like 30m, 4h or 1d');
    expect(
      within(dialog).getByText('Choose exactly one recipient: a person, a team or custom services'),
    ).toBeVisible();
  });

  it('picks a connection among those that can notify', async () => {
    const { user, writes } = renderPage([]);
    server.use(
      http.get('/api/db/connections', () =>
        HttpResponse.json([
          { name: 'slack', namespace: 'default', type: 'slack' },
          { name: 'web', namespace: 'default', type: 'http' },
        ]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification' });
    const picker = await within(dialog).findByRole('combobox', { name: 'Connection' });
    const offered = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Select a connection', 'default/slack (slack)']);
    await user.selectOptions(picker, 'connection://default/slack');
    await user.type(within(dialog).getByLabelText('Name'), 'ops');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({
      custom_services: [{ connection: 'connection://default/slack', name: 'ops' }],
    });
  });

  it('opens the notification named in the URL, as a search result links to it', async () => {
    const { user } = renderPage([slack], {}, `/settings/notifications?id=${slack.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Check {{ .check.name }}')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides the add button from a viewer', async () => {
    renderPage([slack], { roles: ['viewer'] });
    await screen.findByRole('table', { name: 'Notifications' });
    expect(screen.queryByRole('button', { name: 'Add Notification' })).not.toBeInTheDocument();
  });

  it('shows the error, with Try again, when the list cannot be read', async () => {
    server.use(
      ...sessionHandlers(),
      http.get('/api/db/notifications_summary', () =>
        HttpResponse.json({ code: 'XX000', message: 'database is down' }, { status: 500 }),
      ),
    );
    renderApp(['/settings/notifications']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the notifications');
  });
});
