import { describe, expect, it } from 'vitest';
import { expectError, type TestBrowser } from './browser.ts';
import { admin, csrfOf, errorId, registerAdmin, signIn, useIdentityApp } from './flow-helpers.ts';

const { app, browser } = useIdentityApp();

/** A password submission for an account that does not exist, with the given CSRF token. */
function submitStrangerLogin(b: TestBrowser, flow: string, csrf_token: string) {
  return b.api.updateLoginFlow({
    flow,
    updateLoginFlowBody: { method: 'password', csrf_token, identifier: 'a@b.c', password: 'x' },
  });
}

describe('the error catalogue (spec 000 §8)', () => {
  it('refuses a submission whose CSRF token does not match with 403 security_csrf_violation', async () => {
    const b = browser();
    const { data: flow } = await b.api.createBrowserLoginFlow();
    for (const csrf_token of ['forged', '']) {
      const { status, body } = await expectError(
        b.api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            csrf_token,
            identifier: 'a@b.c',
            password: 'x',
          },
        }),
      );
      expect(status).toBe(403);
      expect(errorId(body)).toBe('security_csrf_violation');
    }
  });

  it('refuses a flow from another browser (its CSRF cookie differs)', async () => {
    const { data: flow } = await browser().api.createBrowserLoginFlow();
    const other = browser();
    const fetched = await expectError(other.api.getLoginFlow({ id: flow.id }));
    expect(errorId(fetched.body)).toBe('security_csrf_violation');
    const submitted = await expectError(submitStrangerLogin(other, flow.id, csrfOf(flow)));
    expect(submitted.status).toBe(403);
  });

  it('answers an expired flow with 410 self_service_flow_expired', async () => {
    const b = browser();
    const { data: flow } = await b.api.createBrowserLoginFlow();
    await app().database.db.pool.query(
      `update identity_flows set expires_at = now() - interval '1 minute' where id = $1`,
      [flow.id],
    );
    const { status, body } = await expectError(submitStrangerLogin(b, flow.id, csrfOf(flow)));
    expect(status).toBe(410);
    expect(errorId(body)).toBe('self_service_flow_expired');
  });

  it.each(['https://evil.example/steal', '//evil.example', 'javascript:alert(1)'])(
    'refuses return_to=%s with self_service_flow_return_to_forbidden',
    async (returnTo) => {
      const { status, body } = await expectError(
        browser().api.createBrowserLoginFlow({ returnTo }),
      );
      expect(status).toBe(400);
      expect(errorId(body)).toBe('self_service_flow_return_to_forbidden');
    },
  );

  it('accepts return_to on the console itself', async () => {
    const { data } = await browser().api.createBrowserLoginFlow({ returnTo: '/health?x=1' });
    expect(data.return_to).toBe('/health?x=1');
  });

  it('answers an unknown flow with 404 and an unknown error id with 404', async () => {
    const b = browser();
    expect((await expectError(b.api.getLoginFlow({ id: 'nope' }))).status).toBe(404);
    const missing = await expectError(
      b.api.getFlowError({ id: '00000000-0000-7000-8000-000000000000' }),
    );
    expect(missing.status).toBe(404);
  });

  it('stores an error for a browser navigation and serves it at /self-service/errors', async () => {
    const b = browser();
    const response = await b.get(
      '/api/identity/self-service/login/browser?return_to=https://x.example',
      {
        Accept: 'text/html',
      },
    );
    expect(response.status).toBe(303);
    const location = String(response.headers.location);
    const id = new URL(location).searchParams.get('id') ?? '';
    const { data } = await b.api.getFlowError({ id });
    expect(data.error).toMatchObject({ id: 'self_service_flow_return_to_forbidden' });
  });

  it('sends a settings flow without a session to 401 session_inactive', async () => {
    const { status, body } = await expectError(browser().api.createBrowserSettingsFlow());
    expect(status).toBe(401);
    expect(errorId(body)).toBe('session_inactive');
  });

  it('refuses a login flow continued by a different identity', async () => {
    const b = browser();
    await registerAdmin(b);
    const { data: flow } = await b.api.createBrowserLoginFlow({ refresh: true });
    await app().database.db.pool.query(
      `insert into identities (traits) values ('{"email": "eve@example.com"}')`,
    );
    const { body } = await expectError(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          csrf_token: csrfOf(flow),
          identifier: 'eve@example.com',
          password: 'whatever password',
        },
      }),
    );
    // Eve has no password: the answer is the ordinary invalid-credentials one.
    expect(JSON.stringify(body)).toContain('4000006');
    const ok = await signIn(browser(), admin.email, admin.password);
    expect(ok.status).toBe(200);
  });
});
