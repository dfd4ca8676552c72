import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { themeStorageKey } from '@/ui/theme.ts';
import { appRoutes } from '../routes.tsx';

const sessionUserId = '0192f0c4-0000-7000-8000-000000000001';

const server = setupMsw(
  ...sessionHandlers({ backend: '2.3.4' }),
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', database: 'ok', version: '1' })),
);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

async function openMenu() {
  const user = userEvent.setup();
  renderRoutes(appRoutes, ['/status?x=1']);
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  return user;
}

describe('user menu', () => {
  it('shows the user, the profile link and both versions', async () => {
    await openMenu();
    expect(screen.getByText('Ada Admin')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      '/profile-settings?return_to=%2Fstatus%3Fx%3D1',
    );
    expect(screen.getByText('backend 2.3.4')).toBeVisible();
    expect(screen.getByText('frontend 1.0.744')).toBeVisible();
  });

  it('opens the kubeconfig dialog with the steps', async () => {
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Download kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    expect(within(dialog).getByText('kubectl get canaries -A')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download kubeconfig' })).toHaveAttribute(
      'href',
      '/api/kubeconfig',
    );
  });

  it('signs out through the logout flow, then goes to sign in', async () => {
    window.history.replaceState(null, '', '/status?x=1');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const created = vi.fn();
    let logoutQuery: URLSearchParams | undefined;
    server.use(
      http.get('*/api/identity/self-service/logout/browser', () => {
        created();
        return HttpResponse.json({ logout_url: '/x', logout_token: 'flow-token' });
      }),
      http.get('*/api/identity/self-service/logout', ({ request }) => {
        logoutQuery = new URL(request.url).searchParams;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await openMenu();
    await waitFor(() => expect(created).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?return_to=%2Fstatus%3Fx%3D1'));
    expect(logoutQuery?.get('token')).toBe('flow-token');
    expect(logoutQuery?.get('return_to')).toBe('/status?x=1');
  });

  it('switches to the dark theme and keeps it for this user', async () => {
    const user = await openMenu();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(themeStorageKey(sessionUserId))).toBe('dark');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
