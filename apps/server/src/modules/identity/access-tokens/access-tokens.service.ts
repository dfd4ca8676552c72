import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import { findTokenActor, insertAccessToken, touchAccessToken } from './access-tokens.repository.ts';

/** Marks Vigil tokens so that secret scanners and people can tell them apart. */
export const tokenPrefix = 'vgt_';

export interface IssuedToken {
  readonly id: string;
  readonly name: string;
  /** The only time the token is seen: only its hash is stored. */
  readonly token: string;
  readonly expiresAt: Date | null;
}

/**
 * A token is 32 random bytes, so its plain SHA-256 cannot be searched for and a slow hash
 * (argon2, ~80 ms) would only slow every API call. Unkeyed, like session tokens, so tokens
 * survive a VIGIL_SECRET_KEY rotation and other modules (agents) can hash the same way.
 */
export function hashAccessToken(token: string): string {
  return sha256(token);
}

const actorKinds = { person: 'user', agent: 'agent', system: 'system' } as const;

export function createAccessTokenService(db: Database) {
  return {
    async issue(input: {
      personId: string;
      name: string;
      ttlSeconds: number | null;
      createdBy: string | null;
    }): Promise<IssuedToken> {
      const token = `${tokenPrefix}${randomToken(32)}`;
      const expiresAt =
        input.ttlSeconds === null ? null : new Date(Date.now() + input.ttlSeconds * 1000);
      const row = await insertAccessToken(db.pool, {
        name: input.name,
        valueHash: hashAccessToken(token),
        personId: input.personId,
        createdBy: input.createdBy,
        expiresAt,
      });
      return { id: row.id, name: row.name, token, expiresAt: row.expires_at };
    },

    /** The token's person with that person's roles; undefined when unknown or expired. */
    async authenticate(token: string): Promise<Actor | undefined> {
      const found = await findTokenActor(db.pool, hashAccessToken(token));
      if (!found) return undefined;
      if (found.stale) await touchAccessToken(db.pool, found.token_id);
      return { kind: actorKinds[found.type], id: found.person_id, roles: found.roles };
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
