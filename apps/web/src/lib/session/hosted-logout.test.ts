import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { hostedSignOut } from './hosted-logout.ts';

const server = setupMsw();
const logout = '*/api/auth/hosted/logout';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hosted sign-out', () => {
  it("ends the session, then goes where the server says (the provider's sign-out)", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let method = '';
    const ended = 'https://id.example/end-session?id_token_hint=t';
    server.use(
      http.post(logout, ({ request }) => {
        method = request.method;
        return HttpResponse.json({ redirect_to: ended });
      }),
    );
    await hostedSignOut();
    expect(method).toBe('POST');
    expect(assign).toHaveBeenCalledWith(ended);
  });

  it('still goes to sign in when the call fails', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    server.use(http.post(logout, () => HttpResponse.json({}, { status: 500 })));
    await hostedSignOut();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
