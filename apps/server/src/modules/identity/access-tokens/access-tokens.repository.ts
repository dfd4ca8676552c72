import { roleSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const issuedRow = z.object({ id: z.string(), name: z.string(), expires_at: z.date().nullable() });
export type IssuedTokenRecord = z.infer<typeof issuedRow>;

export async function insertAccessToken(
  db: Queryable,
  values: {
    name: string;
    valueHash: string;
    personId: string;
    createdBy: string | null;
    expiresAt: Date | null;
  },
): Promise<IssuedTokenRecord> {
  const result = await db.query(
    `insert into access_tokens (name, value_hash, person_id, created_by, expires_at)
     values ($1, $2, $3, $4, $5) returning id, name, expires_at`,
    [values.name, values.valueHash, values.personId, values.createdBy, values.expiresAt],
  );
  return issuedRow.parse(result.rows[0]);
}

const actorRow = z.object({
  token_id: z.string(),
  person_id: z.string(),
  type: z.enum(['person', 'agent', 'system']),
  roles: z.array(roleSchema),
  stale: z.boolean(),
});
export type TokenActorRecord = z.infer<typeof actorRow>;

/**
 * The person behind a token hash, in one read: the token must not have expired, the person
 * must not be deleted and, when the person is an account, the account must be active.
 */
export async function findTokenActor(
  db: Queryable,
  valueHash: string,
): Promise<TokenActorRecord | undefined> {
  const result = await db.query(
    `select t.id as token_id, p.id as person_id, p.type,
       coalesce((select array_agg(r.role order by r.role) from person_roles r
                 where r.person_id = p.id), '{}') as roles,
       t.last_used_at is null or t.last_used_at < now() - interval '1 minute' as stale
     from access_tokens t
     join people p on p.id = t.person_id and p.deleted_at is null
     left join identities i on i.id = p.id
     where t.value_hash = $1 and (t.expires_at is null or t.expires_at > now())
       and (i.id is null or i.state = 'active')`,
    [valueHash],
  );
  return result.rows[0] === undefined ? undefined : actorRow.parse(result.rows[0]);
}

/** Writes last_used_at at most once a minute, so reads do not turn every request into a write. */
export async function touchAccessToken(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update access_tokens set last_used_at = now()
     where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [id],
  );
}
