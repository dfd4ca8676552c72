import type * as Oidc from 'openid-client';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { z } from 'zod';
import type { Sealer } from '../../../platform/crypto.ts';
import type { ProviderRecord } from './providers.repository.ts';

/** Kept in the flow between the redirect to the provider and its callback (sealed). */
/** Loaded with the first social sign-in, not at start-up. */
const openid = lazyModule(() => import('openid-client'));

export const pendingOidcSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  sealed_verifier: z.string(),
});
export type PendingOidc = z.infer<typeof pendingOidcSchema>;

export interface OidcClaims {
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly first: string;
  readonly last: string;
}

async function configure(provider: ProviderRecord, sealer: Sealer): Promise<Oidc.Configuration> {
  const oidc = await openid();
  const issuer = new URL(provider.issuer_url);
  const local = issuer.protocol === 'http:';
  return oidc.discovery(
    issuer,
    provider.client_id,
    sealer.open(provider.client_secret),
    undefined,
    local ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

export function callbackUrl(origin: string, provider: string): string {
  return `${origin}/api/identity/self-service/methods/oidc/callback/${provider}`;
}

/** The provider's authorization URL (PKCE, state bound to the flow, nonce). */
export async function authorizationRequest(
  provider: ProviderRecord,
  sealer: Sealer,
  origin: string,
  flowId: string,
): Promise<{ url: string; pending: PendingOidc }> {
  const config = await configure(provider, sealer);
  const oidc = await openid();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = `${flowId}.${oidc.randomState()}`;
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(origin, provider.provider),
    scope: provider.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return {
    url: url.href,
    pending: { provider: provider.provider, state, nonce, sealed_verifier: sealer.seal(verifier) },
  };
}

const claimsSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** Exchanges the code (checking state, nonce and PKCE) and reads the ID token's claims. */
export async function completeAuthorization(
  provider: ProviderRecord,
  sealer: Sealer,
  currentUrl: string,
  pending: PendingOidc,
): Promise<OidcClaims> {
  const config = await configure(provider, sealer);
  const oidc = await openid();
  const tokens = await oidc.authorizationCodeGrant(config, new URL(currentUrl), {
    pkceCodeVerifier: sealer.open(pending.sealed_verifier),
    expectedState: pending.state,
    expectedNonce: pending.nonce,
  });
  const claims = claimsSchema.parse(tokens.claims());
  const [first = '', ...rest] = (claims.name ?? '').split(' ');
  return {
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    first: claims.given_name ?? first,
    last: claims.family_name ?? rest.join(' '),
  };
}
