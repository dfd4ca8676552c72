import { roleSchema, type Role } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const organizationRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['provisioning', 'ready']),
  backend_url: z.string().nullable(),
});
export type OrganizationRecord = z.infer<typeof organizationRow>;

const membershipRow = organizationRow.extend({ roles: z.array(roleSchema) });
export type MembershipRecord = z.infer<typeof membershipRow>;

const orgColumns = 'o.id, o.name, o.status, o.backend_url';

/** A new organisation waiting for its schema; its schema name derives from its id. */
export async function insertOrganization(
  db: Queryable,
  values: { name: string; externalId: string | null; createdBy: string },
): Promise<OrganizationRecord> {
  const result = await db.query(
    `with fresh as (select gen_uuid_v7() as id)
     insert into organizations as o (id, name, external_id, schema_name, created_by)
     select id, $1, $2, 'org_' || replace(id::text, '-', ''), $3 from fresh
     returning ${orgColumns}`,
    [values.name, values.externalId, values.createdBy],
  );
  return organizationRow.parse(result.rows[0]);
}

export async function findOrganizationByExternalId(
  db: Queryable,
  externalId: string,
): Promise<OrganizationRecord | undefined> {
  const result = await db.query(
    `select ${orgColumns} from organizations o where external_id = $1`,
    [externalId],
  );
  return result.rows[0] === undefined ? undefined : organizationRow.parse(result.rows[0]);
}

/** Serialises creation of one claimed organisation, so two first sign-ins make one row. */
export async function lockExternalOrganization(db: Queryable, externalId: string): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtext('vigil.organization:' || $1))`, [
    externalId,
  ]);
}

/** Adds a member; `roles` replaces the member's roles only when given. */
export async function upsertMember(
  db: Queryable,
  organizationId: string,
  identityId: string,
  roles: readonly Role[] | undefined,
  rolesForNewMember: readonly Role[],
): Promise<void> {
  await db.query(
    `insert into organization_members (organization_id, identity_id, roles)
     values ($1, $2, $3)
     on conflict (organization_id, identity_id) do update
       set roles = coalesce($4, organization_members.roles)`,
    [organizationId, identityId, roles ?? rolesForNewMember, roles ?? null],
  );
}

export async function listMemberships(
  db: Queryable,
  identityId: string,
): Promise<MembershipRecord[]> {
  const result = await db.query(
    `select ${orgColumns}, m.roles from organization_members m
     join organizations o on o.id = m.organization_id
     where m.identity_id = $1 order by lower(o.name), o.id`,
    [identityId],
  );
  return result.rows.map((row) => membershipRow.parse(row));
}

export async function findMembership(
  db: Queryable,
  organizationId: string,
  identityId: string,
): Promise<MembershipRecord | undefined> {
  const result = await db.query(
    `select ${orgColumns}, m.roles from organization_members m
     join organizations o on o.id = m.organization_id
     where m.organization_id = $1 and m.identity_id = $2`,
    [organizationId, identityId],
  );
  return result.rows[0] === undefined ? undefined : membershipRow.parse(result.rows[0]);
}

export async function setSessionOrganization(
  db: Queryable,
  sessionId: string,
  organizationId: string | null,
): Promise<void> {
  await db.query('update sessions set organization_id = $2 where id = $1', [
    sessionId,
    organizationId,
  ]);
}

const hostedSessionRow = z.object({
  session_id: z.string(),
  identity_id: z.string(),
  organization_id: z.string().nullable(),
  stale: z.boolean(),
});
export type HostedSession = z.infer<typeof hostedSessionRow>;

/** A live session (active, unexpired, not idle, its person active) and its organisation. */
export async function findHostedSession(
  db: Queryable,
  tokenHash: string,
  idleSeconds: number,
): Promise<HostedSession | undefined> {
  const result = await db.query(
    `select s.id as session_id, s.identity_id, s.organization_id,
       s.last_seen_at < now() - interval '1 minute' as stale
     from sessions s
     join identities i on i.id = s.identity_id and i.state = 'active'
     join people p on p.id = s.identity_id and p.deleted_at is null
     where s.token_hash = $1 and s.active and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds],
  );
  return result.rows[0] === undefined ? undefined : hostedSessionRow.parse(result.rows[0]);
}

/** Claims organisations still waiting for their schema; another replica skips them. */
export async function claimProvisioning(
  db: Queryable,
  limit: number,
): Promise<Array<{ id: string; schema_name: string }>> {
  const result = await db.query(
    `select id, schema_name from organizations where status = 'provisioning'
     order by created_at limit $1 for update skip locked`,
    [limit],
  );
  return result.rows.map((row) => z.object({ id: z.string(), schema_name: z.string() }).parse(row));
}

/** The schema name is checked by the table's constraint (org_ and 32 hex digits). */
export async function createOrganizationSchema(db: Queryable, schemaName: string): Promise<void> {
  if (!/^org_[0-9a-f]{32}$/.test(schemaName)) throw new Error('not an organisation schema name');
  await db.query(`create schema if not exists "${schemaName}"`);
}

export async function markReady(db: Queryable, id: string, backendUrl: string): Promise<void> {
  await db.query(`update organizations set status = 'ready', backend_url = $2 where id = $1`, [
    id,
    backendUrl,
  ]);
}

/** The organisation's copy of people: its tables reference people (created_by, owner...). */
const personCopy = (schemaName: string): string => {
  if (!/^org_[0-9a-f]{32}$/.test(schemaName)) throw new Error('not an organisation schema name');
  return `insert into "${schemaName}".people (id, name, email, avatar, type, external_id)
     select p.id, p.name, p.email, p.avatar, p.type, p.external_id from people p`;
};
const personRefresh = `on conflict (id) do update set name = excluded.name, email = excluded.email,
     avatar = excluded.avatar, deleted_at = null`;

/** Copies one person into the organisation's schema (sign-in, switch). */
export async function copyPerson(
  db: Queryable,
  schemaName: string,
  identityId: string,
): Promise<void> {
  await db.query(`${personCopy(schemaName)} where p.id = $1 ${personRefresh}`, [identityId]);
}

/** Copies every member into a freshly provisioned organisation's schema. */
export async function copyMembers(
  db: Queryable,
  schemaName: string,
  organizationId: string,
): Promise<void> {
  await db.query(
    `${personCopy(schemaName)}
     join organization_members m on m.identity_id = p.id and m.organization_id = $1
     ${personRefresh}`,
    [organizationId],
  );
}

/** The organisations whose schema is ready, for their workers. */
export async function listReadyOrganizations(db: Queryable): Promise<string[]> {
  const result = await db.query(`select id from organizations where status = 'ready' order by id`);
  return result.rows.map((row) => z.object({ id: z.string() }).parse(row).id);
}

/** The schema new tables go to on this connection (the first existing one on its path). */
export async function currentSchema(db: Queryable): Promise<string | null> {
  const result = await db.query('select current_schema() as schema');
  return z.object({ schema: z.string().nullable() }).parse(result.rows[0]).schema;
}
