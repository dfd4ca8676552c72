import type * as Oidc from 'openid-client';
import { roleSchema, type Role } from '@vigil/domain';
import { z } from 'zod';
import type { Sealer } from '../../../platform/crypto.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';
import type { HostedSettings } from './hosted.settings.ts';

const openid = lazyModule(() => import('openid-client'));

/** Kept in a sealed, HTTP-only cookie between the redirect to the provider and its callback. */
export const pendingSignInSchema = z.object({
  state: z.string().min(16),
  nonce: z.string().min(16),
  verifier: z.string().min(43),
  return_to: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export interface HostedClaims {
  readonly subject: string;
  readonly email: string | undefined;
  readonly first: string;
  readonly last: string;
  /** The organisations the token names, first one active. */
  readonly organizations: readonly string[];
  readonly organizationName: string | undefined;
  readonly role: Role | undefined;
}

const baseClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  name: z.string().max(400).optional(),
});
const orgIds = z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).max(100)]);

/** `org:admin` (Clerk's shape) and `admin` both name Vigil's admin; `member` is a viewer. */
function roleOf(value: unknown): Role | undefined {
  if (typeof value !== 'string') return undefined;
  const bare = value.replace(/^org:/, '');
  if (bare === 'member') return 'viewer';
  const parsed = roleSchema.safeParse(bare);
  return parsed.success ? parsed.data : undefined;
}

export function claimsFrom(raw: Record<string, unknown>, settings: HostedSettings): HostedClaims {
  const claims = baseClaims.parse(raw);
  const orgs = orgIds.optional().parse(raw[settings.orgClaim]);
  const orgName = z.string().max(100).optional().safeParse(raw[settings.orgNameClaim]);
  const [first = '', ...rest] = (claims.name ?? '').split(' ');
  return {
    subject: claims.sub,
    email: claims.email,
    first: claims.given_name ?? first,
    last: claims.family_name ?? rest.join(' '),
    organizations: orgs === undefined ? [] : typeof orgs === 'string' ? [orgs] : orgs,
    organizationName: orgName.success ? orgName.data : undefined,
    role: roleOf(raw[settings.roleClaim]),
  };
}

export function hostedCallbackUrl(origin: string): string {
  return `${origin}/api/auth/hosted/callback`;
}

/** The provider, discovered once per process (a failed discovery is tried again next time). */
export function createHostedOidc(settings: HostedSettings, sealer: Sealer) {
  let config: Promise<Oidc.Configuration> | undefined;
  async function configure(): Promise<Oidc.Configuration> {
    const oidc = await openid();
    const local = new URL(settings.issuer).protocol === 'http:';
    config ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        local ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        config = undefined;
        throw error;
      });
    return config;
  }

  function openSealed(sealed: string | undefined): string | undefined {
    if (!sealed) return undefined;
    try {
      return sealer.open(sealed);
    } catch {
      return undefined;
    }
  }

  return {
    /** The authorization URL (PKCE S256, state, nonce) and the sealed pending state. */
    async start(origin: string, returnTo: string): Promise<{ url: string; sealed: string }> {
      const oidc = await openid();
      const configuration = await configure();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        return_to: returnTo,
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: hostedCallbackUrl(origin),
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, sealed: sealer.seal(JSON.stringify(pending)) };
    },

    /** The pending state from its cookie, or undefined when absent or tampered with. */
    pending(sealed: string | undefined): PendingSignIn | undefined {
      if (!sealed) return undefined;
      try {
        const parsed = pendingSignInSchema.safeParse(JSON.parse(sealer.open(sealed)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },

    /** Exchanges the code (checking state, nonce and PKCE) and reads the ID token and userinfo. */
    async complete(
      currentUrl: string,
      pending: PendingSignIn,
    ): Promise<{ claims: HostedClaims; idToken: string | undefined }> {
      const oidc = await openid();
      const configuration = await configure();
      const tokens = await oidc.authorizationCodeGrant(configuration, new URL(currentUrl), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider answered no ID token');
      const info = configuration.serverMetadata().userinfo_endpoint
        ? await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
        : {};
      // The ID token wins: userinfo only fills in what it lacks.
      return { claims: claimsFrom({ ...info, ...idClaims }, settings), idToken: tokens.id_token };
    },

    /** The ID token sealed for its cookie (the hint that ends the provider's session). */
    sealIdToken: (idToken: string): string => sealer.seal(idToken),

    /**
     * Where sign-out sends the browser: the provider's end_session_endpoint (RP-initiated
     * logout) when its discovery names one, else undefined.
     */
    async endSessionUrl(sealedIdToken: string | undefined, postLogout: string) {
      try {
        const oidc = await openid();
        const configuration = await configure();
        if (!configuration.serverMetadata().end_session_endpoint) return undefined;
        const hint = openSealed(sealedIdToken);
        return oidc.buildEndSessionUrl(configuration, {
          post_logout_redirect_uri: postLogout,
          ...(hint ? { id_token_hint: hint } : {}),
        }).href;
      } catch {
        // The provider cannot be reached: Vigil's own session has ended all the same.
        return undefined;
      }
    },
  };
}
export type HostedOidc = ReturnType<typeof createHostedOidc>;
