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
 * Signs `user` in through the provider as a browser would (login, approve, callback), then
 * provisions the organisations the sign-in created.
 */
export async function signInHosted(
  app: TestApp,
  provider: TestOidcProvider,
  b: TestBrowser,
  user: TestOidcUser,
): Promise<void> {
  provider.nextUser = user;
  const login = await b.get('/api/auth/hosted/login?return_to=%2F');
  const approved = await b.http.get(String(login.headers.location), {
    maxRedirects: 0,
    validateStatus: () => true,
  });
  const landed = await b.get(String(approved.headers.location).replace(app.baseUrl, ''), {
    Accept: 'text/html',
  });
  expect(landed.status).toBe(303);
  await app.api.organizations?.provision();
}
