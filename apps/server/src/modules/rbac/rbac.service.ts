import type { Role } from '@vigil/domain';
import type { Database, Queryable } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { countActiveAdmins, lockAdmins, personExists, replaceRoles } from './rbac.repository.ts';

/** The same answer whether the last admin would be deleted or demoted. */
const lastAdminMessage = 'The last admin cannot be deleted';

/**
 * Refuses a transaction that left no active admin. Such a transaction takes lockAdmins before
 * it removes any, so of two racing removals the second sees the first's result.
 */
export async function keepAnAdmin(db: Queryable): Promise<void> {
  if ((await countActiveAdmins(db)) === 0) throw badRequest(lastAdminMessage);
}

/** Replaces a person's roles; refuses to leave the installation without an admin. */
export async function updateRoles(db: Database, id: string, roles: readonly Role[]): Promise<void> {
  await db.transaction(async (client) => {
    await lockAdmins(client);
    if (!(await personExists(client, id))) throw notFound('No such user');
    await replaceRoles(client, id, roles);
    await keepAnAdmin(client);
  });
}
