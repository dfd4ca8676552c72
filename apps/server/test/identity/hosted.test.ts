import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';
import type { TestBrowser } from './browser.ts';
import { useIdentityApp } from './flow-helpers.ts';
import { startOidcProvider, type TestOidcProvider, type TestOidcUser } from './oidc-provider.ts';
import {
  acmeUser as acme,
  hostedClientSecret,
  hostedSettings,
  signInHosted,
} from './hosted-settings.ts';

const clientSecret = hostedClientSecret;
const logLines: string[] = [];
const logger = createLogger(
  'trace',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
);

let op: TestOidcProvider;
const hosted = hostedSettings(() => op);
beforeAll(async () => {
  op = await startOidcProvider('vigil-hosted', clientSecret);
});
afterAll(async () => {
  await op.close();
});
const { app, browser } = useIdentityApp({ hosted, logger });

/** Signs in through the provider as `user`; answers where the callback sent the browser. */
const signIn = (b: TestBrowser, user: TestOidcUser, returnTo = '/health'): Promise<string> =>
  signInHosted(app(), op, b, user, { returnTo, provision: false });

/** whoami once the organisation's provisioning has run. */
async function readyWhoami(b: TestBrowser) {
  await app().api.organizations?.provision();
  return b.get('/api/auth/whoami');
}

describe('hosted sign-in through the provider', () => {
  it('tells the web the mode and closes self-service sign-up', async () => {
    expect((await browser().get('/api/canary/about')).data).toMatchObject({ auth: 'oidc-org' });
    expect((await browser().get('/api/auth/registration')).data).toEqual({ open: false });
    const refused = await browser().get('/api/identity/self-service/registration/browser');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("organisation's identity provider");
    const login = await browser().post('/api/identity/self-service/login?flow=x', {});
    expect(login.status).toBe(400);
  });

  it('sends PKCE, state and nonce, and signs the first member in as the new organisation admin', async () => {
    const b = browser();
    const login = await b.get('/api/auth/hosted/login?return_to=%2Fhealth');
    const authorize = new URL(String(login.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${op.issuer}/authorize`);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('vigil-hosted');
    expect(q.get('redirect_uri')).toBe(`${app().baseUrl}/api/auth/hosted/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
    expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(16);
    const pending = b.setCookies.find((line) => line.startsWith('vigil_hosted_oidc='));
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).not.toContain(q.get('state') ?? '-');

    op.nextUser = acme('ann');
    const approved = await b.http.get(authorize.href, {
      maxRedirects: 0,
      validateStatus: () => true,
    });
    const landed = await b.get(String(approved.headers.location).replace(app().baseUrl, ''), {
      Accept: 'text/html',
    });
    expect([landed.status, landed.headers.location]).toEqual([303, '/health']);
    // The token request proves the verifier behind the challenge, at our redirect URI.
    const token = op.tokenRequests.at(-1);
    const verifier = token?.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
    expect(token?.get('redirect_uri')).toBe(q.get('redirect_uri'));
    expect(op.userinfoRequests.at(-1)).toMatch(/^Bearer \w+/);
    expect(b.cookies.has('vigil_session')).toBe(true);
    expect(b.cookies.has('vigil_hosted_oidc')).toBe(false);

    const whoami = await readyWhoami(b);
    expect(whoami.status).toBe(200);
    expect(whoami.data).toMatchObject({
      payload: {
        user: { name: 'ann Person', email: 'ann@acme.example' },
        roles: ['admin'],
        organization: { name: 'Acme', status: 'ready', backend_url: '/api' },
      },
    });
  });

  it('gives later members the role the token names, else viewer', async () => {
    const viewer = browser();
    await signIn(viewer, acme('vic'));
    const editor = browser();
    await signIn(editor, acme('eddie', { org_role: 'org:editor' }));
    expect((await readyWhoami(viewer)).data).toMatchObject({ payload: { roles: ['viewer'] } });
    expect((await readyWhoami(editor)).data).toMatchObject({ payload: { roles: ['editor'] } });
    // The data API authorises with the organisation role.
    expect((await viewer.get('/api/db/teams')).status).toBe(200);
    expect((await viewer.post('/api/db/teams', { name: 'viewers-team' })).status).toBe(403);
    expect((await editor.post('/api/db/teams', { name: 'editors-team' })).status).toBe(201);
  });

  it('refuses a callback whose state, pending cookie or nonce does not match', async () => {
    const b = browser();
    op.nextUser = acme('mallory');
    const login = await b.get('/api/auth/hosted/login');
    const approved = await b.http.get(String(login.headers.location), {
      maxRedirects: 0,
      validateStatus: () => true,
    });
    const callback = new URL(String(approved.headers.location));
    callback.searchParams.set('state', 'forged-state-forged-state');
    const forged = await b.get(callback.pathname + callback.search, { Accept: 'text/html' });
    expect(forged.headers.location).toBe('/login?error=signin_expired');

    const other = browser();
    const stolen = await signInCallbackIn(other);
    expect(stolen).toBe('/login?error=signin_expired');

    op.idTokenOverrides = { nonce: 'not-the-nonce-we-sent' };
    try {
      expect(await signIn(browser(), acme('nonce-check'))).toBe('/login?error=signin_failed');
    } finally {
      op.idTokenOverrides = {};
    }
    const missing = await b.get('/api/auth/hosted/callback?error=access_denied');
    expect(missing.headers.location).toBe('/login?error=signin_failed');
    for (const answer of [forged, missing]) {
      expect(String(answer.headers['set-cookie'])).not.toContain('vigil_session=');
    }
  });

  it('keeps return_to on this console', async () => {
    const b = browser();
    expect(await signIn(b, acme('ann'), 'https://evil.example/x')).toBe('/');
  });
});

/** A callback opened in a browser that did not start the sign-in. */
async function signInCallbackIn(thief: TestBrowser): Promise<string> {
  const victim = browser();
  op.nextUser = acme('victim');
  const login = await victim.get('/api/auth/hosted/login');
  const approved = await victim.http.get(String(login.headers.location), {
    maxRedirects: 0,
    validateStatus: () => true,
  });
  const landed = await thief.get(String(approved.headers.location).replace(app().baseUrl, ''), {
    Accept: 'text/html',
  });
  return String(landed.headers.location);
}

describe('secrets', () => {
  it('never reach the logs or a client answer', async () => {
    const b = browser();
    await signIn(b, acme('ann'));
    const answers = [
      await b.get('/api/auth/whoami'),
      await b.get('/api/auth/organizations'),
      await b.get('/api/canary/about'),
    ]
      .map((answer) => JSON.stringify(answer.data))
      .join('\n');
    const secrets = [
      clientSecret,
      b.cookies.get('vigil_session') ?? 'no-session',
      ...op.tokenRequests.flatMap((form) => [
        form.get('code') ?? '',
        form.get('code_verifier') ?? '',
      ]),
      ...op.userinfoRequests.map((header) => header.replace('Bearer ', '')),
    ].filter((secret) => secret.length >= 16);
    expect(secrets.length).toBeGreaterThan(5);
    const logs = logLines.join('');
    expect(logs).toContain('hosted sign-in failed');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(answers).not.toContain(secret);
    }
  });
});
