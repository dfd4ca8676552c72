import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { WebhookRefused, type WebhookAuthMethod } from './auth-method.ts';

const config = z.object({ jwksUri: z.string().url() }).loose();

type KeySet = ReturnType<typeof createRemoteJWKSet>;
/** One key set per url, as upstream caches its JWKS: jose refetches on an unknown `kid`. */
const keySets = new Map<string, KeySet>();

function keySetOf(url: string): KeySet {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * `jwt`: `Authorization: Bearer <token>` verified against the keys at `jwksUri` (signature,
 * `exp` and `nbf`). Upstream checks nothing else of the claims; neither do we.
 */
export const jwtAuth: WebhookAuthMethod = {
  key: 'jwt',
  async check(call, given) {
    const parsed = config.safeParse(given);
    if (!parsed.success) throw new WebhookRefused('jwt.jwksUri is not a url');
    const match = /^Bearer\s+(\S+)$/i.exec(call.headers.authorization ?? '');
    if (!match) throw new WebhookRefused('jwt: bearer token required');
    try {
      await jwtVerify(match[1] ?? '', keySetOf(parsed.data.jwksUri));
    } catch (error) {
      const why = error instanceof errors.JOSEError ? error.code : 'keys unavailable';
      throw new WebhookRefused(`jwt: ${why}`);
    }
  },
};
