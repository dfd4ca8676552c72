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
