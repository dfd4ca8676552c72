import type { Role } from '@vigil/domain';
import { replaceRoles } from '../../rbac/index.ts';
import { roleSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { credentialsSchema, traitsSchema, type Credentials, type Traits } from './credentials.ts';

const identityRow = z.object({
  id: z.string(),
  traits: traitsSchema,
  credentials: credentialsSchema,
  state: z.enum(['active', 'inactive']),
  state_changed_at: z.date(),
  metadata_public: z.unknown(),
  verified_at: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
  roles: z.array(roleSchema),
});
export type IdentityRecord = z.infer<typeof identityRow>;

const selectIdentity = `
  select i.id, i.traits, i.credentials, i.state, i.state_changed_at, i.metadata_public,
    i.verified_at, i.created_at, i.updated_at,
    coalesce((select array_agg(r.role order by r.role) from person_roles r where r.person_id = i.id),
      '{}') as roles
  from identities i`;

function parse(rows: unknown[]): IdentityRecord | undefined {
  return rows[0] === undefined ? undefined : identityRow.parse(rows[0]);
}

export async function findIdentityById(
  db: Queryable,
  id: string,
): Promise<IdentityRecord | undefined> {
  return parse((await db.query(`${selectIdentity} where i.id = $1`, [id])).rows);
}

export async function findIdentityByEmail(
  db: Queryable,
  email: string,
): Promise<IdentityRecord | undefined> {
  const result = await db.query(`${selectIdentity} where lower(i.traits->>'email') = lower($1)`, [
    email.trim(),
  ]);
  return parse(result.rows);
}

export async function countIdentities(db: Queryable): Promise<number> {
  const result = await db.query<{ n: number }>('select count(*)::int as n from identities');
  return result.rows[0]?.n ?? 0;
}

/** Serialises first-account creation so two registrations cannot both become the first admin. */
export async function lockAccountCreation(db: Queryable): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtext('vigil.identity.first-account'))`);
}

/** An identity and its person (people.id = identities.id), with roles. */
export async function insertIdentity(
  db: Queryable,
  traits: Traits,
  credentials: Credentials,
  roles: readonly Role[],
): Promise<string> {
  const inserted = await db.query<{ id: string }>(
    'insert into identities (traits, credentials) values ($1, $2) returning id',
    [traits, credentials],
  );
  const id = inserted.rows[0]?.id ?? '';
  await db.query(
    `insert into people (id, name, email, type) values ($1, $2, $3, 'person')
     on conflict (id) do update set name = excluded.name, email = excluded.email`,
    [id, personName(traits), traits.email],
  );
  await setRoles(db, id, roles);
  return id;
}

export async function updateTraits(db: Queryable, id: string, traits: Traits): Promise<void> {
  await db.query('update identities set traits = $2 where id = $1', [id, traits]);
  await db.query('update people set name = $2, email = $3 where id = $1', [
    id,
    personName(traits),
    traits.email,
  ]);
}

export async function updateCredentials(
  db: Queryable,
  id: string,
  credentials: Credentials,
): Promise<void> {
  await db.query('update identities set credentials = $2 where id = $1', [id, credentials]);
}

export async function markVerified(db: Queryable, id: string): Promise<void> {
  await db.query('update identities set verified_at = coalesce(verified_at, now()) where id = $1', [
    id,
  ]);
}

/** A person's roles, replaced as a whole. */
export const setRoles = replaceRoles;

export async function recordLogin(db: Queryable, id: string): Promise<void> {
  await db.query('update people set last_login = now() where id = $1', [id]);
}

function personName(traits: Traits): string {
  return `${traits.name.first} ${traits.name.last}`.trim() || traits.email;
}

/** The identity a provider's subject is linked to. */
export async function findIdentityByOidc(
  db: Queryable,
  provider: string,
  subject: string,
): Promise<IdentityRecord | undefined> {
  const result = await db.query(
    `${selectIdentity} where i.credentials -> 'oidc' -> 'providers' @> $1::jsonb`,
    [JSON.stringify([{ provider, subject }])],
  );
  return parse(result.rows);
}
