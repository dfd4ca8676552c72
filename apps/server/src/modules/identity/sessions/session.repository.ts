import { roleSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

export const authenticationMethodSchema = z.object({
  method: z.string(),
  aal: z.enum(['aal1', 'aal2']),
  completed_at: z.string(),
});
export type AuthenticationMethod = z.infer<typeof authenticationMethodSchema>;

const sessionRow = z.object({
  id: z.string(),
  identity_id: z.string(),
  aal: z.enum(['aal0', 'aal1', 'aal2']),
  authentication_methods: z.array(authenticationMethodSchema),
  authenticated_at: z.date(),
  issued_at: z.date(),
  expires_at: z.date(),
  last_seen_at: z.date().nullable(),
  active: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRow>;

/**
 * A session counts only while its identity is active and its person is not deleted, on every
 * route (the identity flows and the API alike), as access tokens require of their person.
 */
const livePerson = `join identities i on i.id = s.identity_id and i.state = 'active'
  join people p on p.id = s.identity_id and p.deleted_at is null`;

const columns =
  'id, identity_id, aal, authentication_methods, authenticated_at, issued_at, expires_at, last_seen_at, active';
const sessionColumns = columns
  .split(', ')
  .map((column) => `s.${column}`)
  .join(', ');

export async function insertSession(
  db: Queryable,
  values: {
    identityId: string;
    tokenHash: string;
    aal: 'aal1' | 'aal2';
    methods: AuthenticationMethod[];
    expiresAt: Date;
  },
): Promise<SessionRecord> {
  const result = await db.query(
    `insert into sessions (identity_id, token_hash, aal, authentication_methods, expires_at, last_seen_at)
     values ($1, $2, $3, $4, $5, now()) returning ${columns}`,
    [
      values.identityId,
      values.tokenHash,
      values.aal,
      JSON.stringify(values.methods),
      values.expiresAt,
    ],
  );
  return sessionRow.parse(result.rows[0]);
}

export async function findSessionByTokenHash(
  db: Queryable,
  tokenHash: string,
): Promise<SessionRecord | undefined> {
  const result = await db.query(
    `select ${sessionColumns} from sessions s ${livePerson}
     where s.token_hash = $1`,
    [tokenHash],
  );
  return result.rows[0] === undefined ? undefined : sessionRow.parse(result.rows[0]);
}

/** A new token and assurance for an existing session (sign-in again, step-up). */
export async function reissueSession(
  db: Queryable,
  id: string,
  values: { tokenHash: string; aal: 'aal1' | 'aal2'; methods: AuthenticationMethod[] },
): Promise<SessionRecord> {
  const result = await db.query(
    `update sessions set token_hash = $2, aal = $3, authentication_methods = $4,
       authenticated_at = now(), last_seen_at = now()
     where id = $1 returning ${columns}`,
    [id, values.tokenHash, values.aal, JSON.stringify(values.methods)],
  );
  return sessionRow.parse(result.rows[0]);
}

/** Writes last_seen_at at most once a minute, so reads do not turn every request into a write. */
export async function touchSession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update sessions set last_seen_at = now()
     where id = $1 and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`,
    [id],
  );
}

export async function revokeSession(db: Queryable, id: string): Promise<void> {
  await db.query('update sessions set active = false where id = $1', [id]);
}

export async function revokeSessionsOf(db: Queryable, identityId: string): Promise<void> {
  await db.query('update sessions set active = false where identity_id = $1 and active', [
    identityId,
  ]);
}

const actorRow = z.object({
  session_id: z.string(),
  identity_id: z.string(),
  roles: z.array(roleSchema),
  needs_aal2: z.boolean(),
  stale: z.boolean(),
});
export type SessionActor = z.infer<typeof actorRow>;

/**
 * The signed-in person behind a session token, in one read: the session must be active, not
 * expired and not idle, and its identity active. `needs_aal2` says a second factor exists
 * that this session has not passed; `stale` says last_seen_at is due for a refresh.
 */
export async function findSessionActor(
  db: Queryable,
  tokenHash: string,
  idleSeconds: number,
): Promise<SessionActor | undefined> {
  const result = await db.query(
    `select s.id as session_id, s.identity_id,
       coalesce((select array_agg(r.role order by r.role) from person_roles r
                 where r.person_id = s.identity_id), '{}') as roles,
       s.aal <> 'aal2' and (
         i.credentials ? 'totp'
         or jsonb_array_length(coalesce(i.credentials #> '{webauthn,credentials}', '[]')) > 0
         or exists (select 1 from jsonb_array_elements(
                      coalesce(i.credentials #> '{lookup_secret,codes}', '[]')) c
                    where c ->> 'used_at' is null)) as needs_aal2,
       s.last_seen_at < now() - interval '1 minute' as stale
     from sessions s ${livePerson}
     where s.token_hash = $1 and s.active and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds],
  );
  return result.rows[0] === undefined ? undefined : actorRow.parse(result.rows[0]);
}
