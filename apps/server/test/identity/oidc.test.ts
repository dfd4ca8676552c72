import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import type { TestBrowser } from './browser.ts';
import { csrfOf, errorId, inputNode, useIdentityApp } from './flow-helpers.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';

const { app, browser } = useIdentityApp();
let op: TestOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider('vigil', 'client-secret-123');
});
afterAll(async () => {
  await op.close();
});

function redirectOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'redirect_browser_to' in body) {
    return String(body.redirect_browser_to);
  }
  throw new Error('no redirect_browser_to in the answer');
}

/** Clicks "Sign in with Local" and follows the provider round trip; returns where it lands. */
async function socialSignIn(b: TestBrowser, kind: 'login' | 'registration'): Promise<string> {
  const { data: flow } =
    kind === 'login'
      ? await b.api.createBrowserLoginFlow()
      : await b.api.createBrowserRegistrationFlow();
  expect(inputNode(flow, 'provider')?.attributes).toMatchObject({ value: 'local', type: 'submit' });
  const started = await b.post(`/api/identity/self-service/${kind}?flow=${flow.id}`, {
    method: 'oidc',
    provider: 'local',
    csrf_token: csrfOf(flow),
  });
  expect(started.status).toBe(422);
  expect(errorId(started.data)).toBe('browser_location_change_required');
  const authorize = redirectOf(started.data);
  expect(authorize.startsWith(`${op.issuer}/authorize?`)).toBe(true);
  const approved = await b.http.get(authorize, { maxRedirects: 0, validateStatus: () => true });
  const callback = String(approved.headers.location).replace(app().baseUrl, '');
  const landed = await b.get(callback, { Accept: 'text/html' });
  expect(landed.status).toBe(303);
  return String(landed.headers.location);
}

describe('OIDC social sign-in against a local provider', () => {
  it('stores the provider with a sealed secret that the data API never shows', async () => {
    const admin = { [testActorHeader]: 'admin', 'content-type': 'application/json' };
    const bad = await browser().post(
      '/api/db/identity_providers',
      {
        provider: 'x',
        label: 'X',
        issuer_url: 'http://evil.example',
        client_id: 'a',
        client_secret: 'b',
      },
      admin,
    );
    expect(bad.status).toBe(400);
    const created = await browser().post(
      '/api/db/identity_providers',
      {
        provider: 'local',
        label: 'Local',
        issuer_url: op.issuer,
        client_id: 'vigil',
        client_secret: 'client-secret-123',
      },
      admin,
    );
    expect([created.status, created.data]).toEqual([201, expect.anything()]);
    const stored = await app().database.db.pool.query<{ client_secret: string }>(
      'select client_secret from identity_providers',
    );
    expect(stored.rows[0]?.client_secret).toMatch(/^v1\./);
    const read = await browser().get('/api/db/identity_providers?select=*', {
      [testActorHeader]: 'admin',
    });
    expect(JSON.stringify(read.data)).not.toContain('client_secret');
  });

  it('creates the first admin from the provider on an empty installation', async () => {
    op.nextUser = {
      sub: 'founder',
      email: 'founder@example.com',
      email_verified: true,
      name: 'Fay Founder',
    };
    const b = browser();
    expect(await socialSignIn(b, 'registration')).toBe('/');
    const whoami = await b.get('/api/auth/whoami');
    expect(whoami.data).toMatchObject({
      payload: { user: { name: 'Fay Founder' }, roles: ['admin'] },
    });
    expect(op.requests).toEqual(
      expect.arrayContaining(['/.well-known/openid-configuration', '/authorize', '/token']),
    );
  });

  it('signs an invited person in by verified email, and by subject afterwards', async () => {
    const admin = { [testActorHeader]: 'admin' };
    await browser().post(
      '/api/auth/invite_user',
      { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.com', role: 'editor' },
      admin,
    );
    op.nextUser = { sub: 'ivy-sub', email: 'ivy@example.com', email_verified: true, name: 'Ivy I' };
    const b = browser();
    expect(await socialSignIn(b, 'login')).toBe('/');
    expect((await b.get('/api/auth/whoami')).data).toMatchObject({
      payload: { roles: ['editor'] },
    });
    op.nextUser = {
      sub: 'ivy-sub',
      email: 'changed@example.com',
      email_verified: false,
      name: 'Ivy I',
    };
    const again = browser();
    expect(await socialSignIn(again, 'login')).toBe('/');
  });

  it('refuses people who were not invited, and unverified emails', async () => {
    for (const user of [
      { sub: 'stranger', email: 'stranger@example.com', email_verified: true, name: 'S' },
      { sub: 'sneaky', email: 'ivy@example.com', email_verified: false, name: 'S' },
    ]) {
      op.nextUser = user;
      const b = browser();
      const landed = await socialSignIn(b, 'login');
      expect(landed).toMatch(/^\/login\?flow=/);
      const id = new URL(landed, app().baseUrl).searchParams.get('flow') ?? '';
      const { data } = await b.api.getLoginFlow({ id });
      expect(data.ui.messages?.[0]?.text).toMatch(/invitation only/);
      expect((await b.get('/api/auth/whoami')).status).toBe(401);
    }
  });

  it('refuses a callback in another browser (the state is bound to the flow and its cookie)', async () => {
    op.nextUser = { sub: 'ivy-sub', email: 'ivy@example.com', email_verified: true, name: 'Ivy' };
    const b = browser();
    const { data: flow } = await b.api.createBrowserLoginFlow();
    const started = await b.post(`/api/identity/self-service/login?flow=${flow.id}`, {
      method: 'oidc',
      provider: 'local',
      csrf_token: csrfOf(flow),
    });
    const authorize = redirectOf(started.data);
    const approved = await b.http.get(authorize, { maxRedirects: 0, validateStatus: () => true });
    const callback = String(approved.headers.location).replace(app().baseUrl, '');
    const attacker = browser();
    const answer = await attacker.get(callback);
    expect(answer.status).toBe(403);
    expect(errorId(answer.data)).toBe('security_csrf_violation');
  });
});

describe('Manage Social Sign In', () => {
  it('links a provider from settings, then unlinks it', async () => {
    const admin = { [testActorHeader]: 'admin', 'content-type': 'application/json' };
    await browser().post(
      '/api/auth/invite_user',
      { firstName: 'Lin', lastName: 'K', email: 'lin@example.com', role: 'viewer' },
      admin,
    );
    const link = app().links.at(-1)?.url.replace(app().baseUrl, '') ?? '';
    const b = browser();
    await b.get(link, { Accept: 'text/html' });
    const { data: flow } = await b.api.createBrowserSettingsFlow();
    expect(inputNode(flow, 'link')?.attributes).toMatchObject({ value: 'local' });
    const started = await b.post(`/api/identity/self-service/settings?flow=${flow.id}`, {
      method: 'oidc',
      link: 'local',
      csrf_token: csrfOf(flow),
    });
    expect(started.status).toBe(422);
    op.nextUser = {
      sub: 'lin-elsewhere',
      email: 'other@example.com',
      email_verified: true,
      name: 'L',
    };
    const approved = await b.http.get(redirectOf(started.data), {
      maxRedirects: 0,
      validateStatus: () => true,
    });
    const landed = await b.get(String(approved.headers.location).replace(app().baseUrl, ''), {
      Accept: 'text/html',
    });
    expect(landed.headers.location).toBe('/profile-settings');
    const { data: after } = await b.api.createBrowserSettingsFlow();
    expect(inputNode(after, 'unlink')?.attributes).toMatchObject({ value: 'local' });

    const stranger = browser();
    expect(await socialSignIn(stranger, 'login')).toBe('/');
    expect((await stranger.get('/api/auth/whoami')).data).toMatchObject({
      payload: { user: { email: 'lin@example.com' } },
    });

    const refused = await b.post(`/api/identity/self-service/settings?flow=${after.id}`, {
      method: 'oidc',
      unlink: 'local',
      csrf_token: csrfOf(after),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(
      'Set a password before removing your last sign-in method.',
    );
  });
});
