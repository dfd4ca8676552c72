import type { Role } from '@vigil/domain';
import type { Queryable } from '../../platform/db.ts';

export async function personExists(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('select 1 from people where id = $1 and deleted_at is null', [id]);
  return (result.rowCount ?? 0) > 0;
}

export async function replaceRoles(
  db: Queryable,
  id: string,
  roles: readonly Role[],
): Promise<void> {
  await db.query('delete from person_roles where person_id = $1', [id]);
  await db.query(
    'insert into person_roles (person_id, role) select $1, unnest($2::text[]) on conflict do nothing',
    [id, [...new Set(roles)]],
  );
}

/** Serialises every change that can remove an admin, so two of them cannot remove the last. */
export async function lockAdmins(db: Queryable): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtext('vigil.rbac.admins'))`);
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select count(*)::int as n from person_roles r join identities i on i.id = r.person_id
     where r.role = 'admin' and i.state = 'active'`,
  );
  return result.rows[0]?.n ?? 0;
}
