import { expect } from 'vitest';
import type { TestApp } from '../app.ts';
import type { TestBrowser } from './browser.ts';
import type { TestOidcProvider, TestOidcUser } from './oidc-provider.ts';

/** The client secret the test provider and Vigil's hosted settings share. */
export const hostedClientSecret = 'hosted-client-secret-0123456789';

/** Hosted mode's settings against the test provider, read once it has started. */
export function hostedSettings(provider: () => TestOidcProvider) {
  return {
    get issuer() {
      return provider().issuer;
    },
    clientId: 'vigil-hosted',
    clientSecret: hostedClientSecret,
    scopes: 'openid email profile',
    orgClaim: 'org_id',
    orgNameClaim: 'org_name',
    roleClaim: 'org_role',
    backendUrl: '/api',
    provisionPollMs: 60_000,
  };
}

/**
 * Signs `user` in through the provider as a browser would (login, approve, callback) and
 * answers where the callback sent the browser; then provisions the organisations the
 * sign-in created, unless asked not to (to see them before they are ready).
 */
export async function signInHosted(
  app: TestApp,
  provider: TestOidcProvider,
  b: TestBrowser,
  user: TestOidcUser,
  options: { readonly returnTo?: string; readonly provision?: boolean } = {},
): Promise<string> {
  provider.nextUser = user;
  const returnTo = encodeURIComponent(options.returnTo ?? '/');
  const login = await b.get(`/api/auth/hosted/login?return_to=${returnTo}`);
  expect(login.status).toBe(302);
  const approved = await b.http.get(String(login.headers.location), {
    maxRedirects: 0,
    validateStatus: () => true,
  });
  const landed = await b.get(String(approved.headers.location).replace(app.baseUrl, ''), {
    Accept: 'text/html',
  });
  expect(landed.status).toBe(303);
  if (options.provision !== false) await app.api.organizations?.provision();
  return String(landed.headers.location);
}

/** A member of the Acme organisation, as the provider's token names it. */
export const acmeUser = (sub: string, extra: Record<string, unknown> = {}): TestOidcUser => ({
  sub,
  email: `${sub}@acme.example`,
  email_verified: true,
  name: `${sub} Person`,
  org_id: 'acme',
  org_name: 'Acme',
  ...extra,
});
