import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { Queryable } from '../../../platform/db.ts';

export type TokenKind = 'recovery' | 'verification';

/** A one-time token for a link; only its hash is stored. */
export async function issueToken(
  db: Queryable,
  kind: TokenKind,
  identityId: string,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into identity_tokens (kind, identity_id, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [kind, identityId, sha256(token), lifetimeSeconds],
  );
  return token;
}

/** Spends a token: the identity it was for, or undefined when unknown, used or expired. */
export async function spendToken(
  db: Queryable,
  kind: TokenKind,
  token: string,
): Promise<string | undefined> {
  const result = await db.query<{ identity_id: string }>(
    `update identity_tokens set used_at = now()
     where token_hash = $1 and kind = $2 and used_at is null and expires_at > now()
     returning identity_id`,
    [sha256(token), kind],
  );
  return result.rows[0]?.identity_id;
}
