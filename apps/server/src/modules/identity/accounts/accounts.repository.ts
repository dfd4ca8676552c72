import { roleSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  roles: z.array(roleSchema),
});
export type UserRow = z.infer<typeof userRow>;

/** The signed-in person as the console shows them. */
export async function findUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await db.query(
    `select p.id, p.name, p.email, p.avatar,
       coalesce((select array_agg(r.role order by r.role) from person_roles r
                 where r.person_id = p.id), '{}') as roles
     from people p where p.id = $1 and p.deleted_at is null`,
    [id],
  );
  return result.rows[0] === undefined ? undefined : userRow.parse(result.rows[0]);
}
