import type { TestOidcProvider } from './oidc-provider.ts';

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
