import { waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { errorJson, identityUrl } from '../test-fixtures.ts';
import { currentLocation, renderAccount } from '../test-routes.tsx';
import { AuthStateCheckerPage } from './auth-state-checker-page.tsx';

const server = setupMsw();
const routes = [{ path: '/auth-state-checker', Component: AuthStateCheckerPage }];
const whoami = (status: number, body: JsonBodyType) =>
  server.use(http.get(identityUrl('/sessions/whoami'), () => HttpResponse.json(body, { status })));

describe('/auth-state-checker', () => {
  it('goes back to return_to when the session is valid', async () => {
    whoami(200, { id: 'session-1', active: true });
    const result = renderAccount(
      '/auth-state-checker?return_to=%2Fhealth%3FtimeRange%3D1h',
      routes,
    );
    await waitFor(() => expect(currentLocation(result)).toBe('/health?timeRange=1h'));
  });

  it("goes to '/' without return_to, and never to another site", async () => {
    whoami(200, { id: 'session-1' });
    const result = renderAccount(
      '/auth-state-checker?return_to=https%3A%2F%2Fevil.test%2F',
      routes,
    );
    await waitFor(() => expect(currentLocation(result)).toBe('/'));
  });

  it('sends a 401 to login with return_to', async () => {
    whoami(401, errorJson('session_inactive', 401));
    const result = renderAccount('/auth-state-checker?return_to=%2Fhealth', routes);
    await waitFor(() => expect(currentLocation(result)).toBe('/login?return_to=%2Fhealth'));
  });

  it.each([403, 422])('sends a %i to the second-factor login', async (status) => {
    whoami(status, errorJson('session_aal2_required', status));
    const result = renderAccount('/auth-state-checker?return_to=%2Fhealth', routes);
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/login?aal=aal2&return_to=%2Fhealth'),
    );
  });

  it('reports a bad session for anything else', async () => {
    whoami(500, errorJson('internal', 500));
    const result = renderAccount('/auth-state-checker?return_to=%2Fhealth', routes);
    await waitFor(() => expect(currentLocation(result)).toBe('/error?error_code=BAD_SESSION'));
  });
});
