import { describe, expect, it } from 'vitest';
import { expectError } from './browser.ts';
import {
  admin,
  csrfOf,
  errorId,
  groupsOf,
  inputNode,
  isFlow,
  messageIds,
  registerAdmin,
  signIn,
  useIdentityApp,
} from './flow-helpers.ts';

const { app, browser } = useIdentityApp();

describe('registration of the first admin, through @ory/client', () => {
  it('says sign-up is open, to anyone, while no account exists', async () => {
    const answer = await fetch(`${app().baseUrl}/api/auth/registration`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ open: true });
  });

  it('serves a registration flow in the Kratos shape', async () => {
    const b = browser();
    const { data: flow } = await b.api.createBrowserRegistrationFlow();
    expect(flow).toMatchObject({ type: 'browser', state: 'choose_method' });
    expect(flow.ui.action).toBe(
      `${app().baseUrl}/api/identity/self-service/registration?flow=${flow.id}`,
    );
    expect(flow.ui.method).toBe('POST');
    expect(groupsOf(flow)).toEqual(new Set(['default', 'password']));
    expect(inputNode(flow, 'traits.email')?.attributes).toMatchObject({
      type: 'email',
      required: true,
    });
    expect(csrfOf(flow).length).toBeGreaterThan(20);
    const fetched = await b.api.getRegistrationFlow({ id: flow.id });
    expect(fetched.data.id).toBe(flow.id);
  });

  it('answers 400 with node messages for a bad submission, and writes nothing', async () => {
    const b = browser();
    const { data: flow } = await b.api.createBrowserRegistrationFlow();
    const { status, body } = await expectError(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          csrf_token: csrfOf(flow),
          password: 'short',
          traits: { email: 'not-an-email' },
        },
      }),
    );
    expect(status).toBe(400);
    if (!isFlow(body)) throw new Error('expected a flow');
    expect(messageIds(body)).toEqual(expect.arrayContaining([4000004, 4000005]));
    const count = await app().database.db.pool.query('select count(*)::int as n from identities');
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  it('creates the first admin and signs them in with a safe cookie', async () => {
    const b = browser();
    await registerAdmin(b);
    const sessionCookie = b.setCookies.find((c) => c.startsWith('vigil_session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Path=\//i);
    const { data: session } = await b.api.toSession();
    expect(session.identity?.traits).toMatchObject({ email: admin.email });
    expect(session.authenticator_assurance_level).toBe('aal1');
    const whoami = await b.get('/api/auth/whoami');
    expect(whoami.data).toMatchObject({ message: 'success', payload: { roles: ['admin'] } });
  });

  it('closes registration once an account exists', async () => {
    const signUp = await fetch(`${app().baseUrl}/api/auth/registration`);
    expect(await signUp.json()).toEqual({ open: false });
    const b = browser();
    const { data: flow } = await b.api.createBrowserRegistrationFlow();
    expect(flow.ui.nodes.filter((n) => n.group === 'password')).toEqual([]);
    expect(flow.ui.messages?.[0]?.text).toMatch(/by invitation only/);
    const { status } = await expectError(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          csrf_token: csrfOf(flow),
          password: 'another long password',
          traits: { email: 'mallory@example.com' },
        },
      }),
    );
    expect(status).toBe(400);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password with 4000006 and the same answer for an unknown account', async () => {
    for (const identifier of [admin.email, 'nobody@example.com']) {
      const { status, body } = await expectError(signIn(browser(), identifier, 'wrong password!'));
      expect(status).toBe(400);
      if (!isFlow(body)) throw new Error('expected a flow');
      expect(messageIds(body)).toContain(4000006);
      expect(inputNode(body, 'identifier')?.attributes).toMatchObject({ value: identifier });
    }
  });

  it('signs in, says so on whoami, and refuses a second login flow', async () => {
    const b = browser();
    const { data, status } = await signIn(b, admin.email.toUpperCase(), admin.password);
    expect(status).toBe(200);
    expect(data.session.identity?.traits).toMatchObject({ email: admin.email });
    const again = await expectError(b.api.createBrowserLoginFlow());
    expect(again.status).toBe(400);
    expect(errorId(again.body)).toBe('session_already_available');
  });

  it('re-authenticates with refresh=true and keeps the same session', async () => {
    const b = browser();
    const first = await signIn(b, admin.email, admin.password);
    const { data: flow } = await b.api.createBrowserLoginFlow({ refresh: true });
    expect(flow.refresh).toBe(true);
    expect(messageIds(flow)).toContain(1010003);
    const { data } = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        identifier: admin.email,
        password: admin.password,
      },
    });
    expect(data.session.id).toBe(first.data.session.id);
  });

  it('logs out: the session ends and whoami answers 401 session_inactive', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    // Resolve the session once so the actor cache holds it: logout must still end it at once.
    expect((await b.get('/api/auth/whoami')).status).toBe(200);
    const { data: logout } = await b.api.createBrowserLogoutFlow();
    expect(logout.logout_url).toContain(logout.logout_token);
    const done = await b.api.updateLogoutFlow({ token: logout.logout_token });
    expect(done.status).toBe(204);
    const after = await expectError(b.api.toSession());
    expect(after.status).toBe(401);
    expect(errorId(after.body)).toBe('session_inactive');
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
  });

  it('redirects plain browser navigations to the page of the flow', async () => {
    const b = browser();
    const response = await b.get('/api/identity/self-service/login/browser', {
      Accept: 'text/html',
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toMatch(/^\/login\?flow=[0-9a-f-]{36}$/);
  });
});
