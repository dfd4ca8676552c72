import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestBrowser } from './browser.ts';
import { useIdentityApp } from './flow-helpers.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';
import { hostedClientSecret, hostedSettings, signInHosted } from './hosted-settings.ts';

// Hosted sign-out ends Vigil's session and, when the provider's discovery names an
// end_session_endpoint, the provider's too (RP-initiated logout with id_token_hint).
const clientSecret = hostedClientSecret;
let op: TestOidcProvider;
const hosted = hostedSettings(() => op);
beforeAll(async () => {
  op = await startOidcProvider('vigil-hosted', clientSecret, { endSession: true });
});
afterAll(async () => {
  await op.close();
});
const { app, browser } = useIdentityApp({ hosted });

const signIn = (b: TestBrowser, sub: string): Promise<string> =>
  signInHosted(app(), op, b, {
    sub,
    email: `${sub}@example.com`,
    name: sub,
    org_id: 'acme',
    org_name: 'Acme',
  });

const signedOut = z.object({ redirect_to: z.string() });

describe('hosted sign-out', () => {
  it("ends Vigil's session and sends the browser to the provider's end_session_endpoint", async () => {
    const b = browser();
    await signIn(b, 'ann');
    const idToken = op.idTokens.at(-1);
    expect(b.setCookies.find((line) => line.startsWith('vigil_hosted_idt='))).toMatch(/HttpOnly/i);
    expect(b.setCookies.join('\n')).not.toContain(idToken ?? '-');
    expect((await b.get('/api/auth/whoami')).status).toBe(200);

    const answer = await b.post('/api/auth/hosted/logout', {});
    expect(answer.status).toBe(200);
    const target = new URL(signedOut.parse(answer.data).redirect_to);
    expect(target.origin + target.pathname).toBe(`${op.issuer}/end-session`);
    expect(target.searchParams.get('id_token_hint')).toBe(idToken);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${app().baseUrl}/login`);
    expect(target.searchParams.get('client_id')).toBe('vigil-hosted');
    expect((await b.get('/api/auth/whoami')).status).toBe(401);

    // Following it, the provider ends its session and returns the browser to sign-in.
    const ended = await b.http.get(target.href, { maxRedirects: 0, validateStatus: () => true });
    expect(ended.headers.location).toBe(`${app().baseUrl}/login`);
    expect(op.endSessionRequests).toHaveLength(1);
  });

  it('also ends the session whose cookie is reused elsewhere', async () => {
    const b = browser();
    await signIn(b, 'bob');
    const copy = browser();
    copy.cookies.set('vigil_session', b.cookies.get('vigil_session') ?? '');
    expect((await copy.get('/api/auth/whoami')).status).toBe(200);
    expect((await b.post('/api/auth/hosted/logout', {})).status).toBe(200);
    expect((await copy.get('/api/auth/whoami')).status).toBe(401);
  });

  it('answers sign-in without a session, and refuses a cross-site sign-out', async () => {
    const anonymous = await browser().post('/api/auth/hosted/logout', {});
    expect(anonymous.status).toBe(200);
    const target = signedOut.parse(anonymous.data).redirect_to;
    expect(new URL(target).searchParams.get('id_token_hint')).toBeNull();

    const b = browser();
    await signIn(b, 'cy');
    const crossSite = await b.http.post(
      `${app().baseUrl}/api/auth/hosted/logout`,
      {},
      { headers: { Origin: 'https://evil.example' }, validateStatus: () => true },
    );
    expect(crossSite.status).toBe(403);
    expect((await b.get('/api/auth/whoami')).status).toBe(200);
  });
});
