import { z } from 'zod';
import { defineWriteHook } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Queryable } from '../../../platform/db.ts';
import { keepAnAdmin, lockAdmins } from '../../rbac/index.ts';

/**
 * `identities` through the data API: people are created by invitation and change their own
 * profile, so only deletes are allowed here. A delete also ends the person's sessions (by
 * cascade), removes their roles and soft-deletes the person; the last admin cannot go.
 */
export const identitiesWriteHook = defineWriteHook({
  schema: z.object({ id: z.string() }),
  beforeInsert: refuse,
  beforeUpdate: refuse,
  async beforeDelete(ctx, identities) {
    // The row locks of the delete are held; the admin lock serialises the last-admin check.
    await lockAdmins(ctx.client);
    const ids = identities.map((row) => row.id);
    if (ids.length === 0) return;
    if (ctx.actor.id && ids.includes(ctx.actor.id)) throw badRequest('You cannot delete yourself');
    await retirePeople(ctx.client, ids);
    await keepAnAdmin(ctx.client);
  },
});

function refuse(): never {
  throw badRequest(
    'Identities are created by invitation (POST /api/auth/invite_user) and changed in profile settings',
  );
}

async function retirePeople(db: Queryable, ids: string[]): Promise<void> {
  await db.query('delete from person_roles where person_id = any($1::uuid[])', [ids]);
  await db.query('update people set deleted_at = now() where id = any($1::uuid[])', [ids]);
}
