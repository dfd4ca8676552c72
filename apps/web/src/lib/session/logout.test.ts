import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { createIdentityApi, createLogoutToken, loginUrl, signOut } from './logout.ts';

const server = setupMsw();
const logoutBrowser = '*/api/identity/self-service/logout/browser';
const logout = '*/api/identity/self-service/logout';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('logout flow', () => {
  it('creates a flow and reads its token', async () => {
    server.use(
      http.get(logoutBrowser, () => HttpResponse.json({ logout_url: '/x', logout_token: 'tok' })),
    );
    expect(await createLogoutToken(await createIdentityApi())).toBe('tok');
  });

  it('ignores a 401: there is no session to end', async () => {
    server.use(
      http.get(logoutBrowser, () =>
        HttpResponse.json({ error: { id: 'session_inactive' } }, { status: 401 }),
      ),
    );
    expect(await createLogoutToken(await createIdentityApi())).toBeUndefined();
  });

  it('updates the flow with the token and return address, then goes to sign in', async () => {
    window.history.replaceState(null, '', '/settings/users?tab=1');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let seen: URLSearchParams | undefined;
    server.use(
      http.get(logout, ({ request }) => {
        seen = new URL(request.url).searchParams;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signOut(await createIdentityApi(), 'tok');
    expect(seen?.get('token')).toBe('tok');
    expect(seen?.get('return_to')).toBe('/settings/users?tab=1');
    expect(assign).toHaveBeenCalledWith('/login?return_to=%2Fsettings%2Fusers%3Ftab%3D1');
  });

  it('still goes to sign in when the logout fails', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    server.use(http.get(logout, () => HttpResponse.json({}, { status: 500 })));
    await signOut(await createIdentityApi(), 'tok');
    expect(assign).toHaveBeenCalledWith(loginUrl('/'));
  });
});
