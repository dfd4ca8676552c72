import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

const identities = [
  {
    id: 'u1',
    traits: { name: { first: 'Grace', last: 'Hopper' }, email: 'grace@example.com' },
    state: 'active',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 'u2',
    traits: { name: { first: 'Alan', last: 'Turing' }, email: 'alan@example.com' },
    state: 'inactive',
    created_at: '2025-12-01T00:00:00Z',
    updated_at: '2025-12-01T00:00:00Z',
  },
];

const server = setupMsw();

function renderPage(fixture: SessionFixture = {}, list = identities, path = '/settings/users') {
  const seen: { identities?: string; peopleRoles?: string } = {};
  server.use(
    ...sessionHandlers(fixture),
    http.get('/api/db/identities', ({ request }) => {
      seen.identities = decodeURIComponent(new URL(request.url).search);
      return HttpResponse.json(list);
    }),
    http.get('/api/db/people_roles', ({ request }) => {
      seen.peopleRoles = decodeURIComponent(new URL(request.url).search);
      return HttpResponse.json([
        { id: 'u1', roles: ['admin'] },
        { id: 'u2', roles: [] },
      ]);
    }),
  );
  const notify = vi.fn();
  renderApp([path], notify);
  return { user: userEvent.setup(), notify, seen };
}

describe('users page', () => {
  it('lists identities with their roles', async () => {
    const { seen } = renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(grace).getByText('admin')).toBeInTheDocument();
    const alan = within(table).getByRole('row', { name: /Alan Turing/ });
    expect(within(alan).getByText('inactive')).toBeInTheDocument();
    expect(seen.identities).toBe(
      '?select=id,traits,state,created_at,updated_at&order=created_at.desc',
    );
    expect(seen.peopleRoles).toBe('?select=id,roles&id=in.(u1,u2)');
  });

  it('marks the person a search result points at', async () => {
    renderPage({}, identities, '/settings/users?id=u2');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('row', { name: /Alan Turing/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('shows the empty state', async () => {
    renderPage({}, []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('hides write controls from an editor', async () => {
    renderPage({ roles: ['editor'] });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Role to User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Grace Hopper' })).not.toBeInTheDocument();
  });

  it('validates the invite form', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    for (const message of [
      'Please provide valid first name',
      'Please provide valid last name',
      'Please provide valid email',
      'Please select any role',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText('Entered value does not match email format'),
    ).toBeInTheDocument();
  });

  it('invites a user and shows the recovery link', async () => {
    const { user } = renderPage();
    let body: unknown;
    server.use(
      http.post('/api/auth/invite_user', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'u3', recovery_link: 'http://vigil/recovery?token=abc' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Katherine');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Johnson');
    await user.type(within(dialog).getByLabelText('Email'), 'kj@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Katherine Johnson invited successfully')).toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kj@example.com',
      role: 'editor',
    });
    expect(await screen.findByRole('textbox', { name: 'Recovery link' })).toHaveValue(
      'http://vigil/recovery?token=abc',
    );
  });

  it('adds a role to a user', async () => {
    const { user } = renderPage();
    let call: { url: string; body: unknown } | undefined;
    server.use(
      http.post('/api/rbac/:id/update_role', async ({ request }) => {
        call = { url: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json(['responder']);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Role to User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role to User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select any user')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select any role')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('User'), 'u2');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'responder');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alan Turing role updated successfully')).toBeInTheDocument();
    expect(call).toEqual({ url: '/api/rbac/u2/update_role', body: { roles: ['responder'] } });
  });

  it('adds a role to the roles a user holds rather than replacing them', async () => {
    const { user } = renderPage();
    let body: unknown;
    server.use(
      http.post('/api/rbac/:id/update_role', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(['admin', 'responder']);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Role to User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role to User' });
    await user.selectOptions(within(dialog).getByLabelText('User'), 'u1');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'responder');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ roles: ['admin', 'responder'] }));
  });

  it('deletes a user after confirmation', async () => {
    const { user } = renderPage();
    let deleted: string | undefined;
    server.use(
      http.delete('/api/db/identities', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id') ?? undefined;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe('eq.u2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the server message when an invite fails', async () => {
    const { user, notify } = renderPage();
    server.use(
      http.post('/api/auth/invite_user', () =>
        HttpResponse.json({ message: 'email already invited' }, { status: 409 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText('First Name'), 'A');
    await user.type(within(dialog).getByLabelText('Last Name'), 'B');
    await user.type(within(dialog).getByLabelText('Email'), 'a@b.co');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('email already invited'));
  });
});
