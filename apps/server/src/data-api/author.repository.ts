import type { Queryable } from '../platform/db.ts';
import type { Actor } from '../platform/http/actor.ts';

/**
 * The person a new row is recorded as created by: the signed-in user when they have a live
 * `people` row. Agents, the system and tokens without a person leave it null.
 */
export async function authorOf(db: Queryable, actor: Actor): Promise<string | null> {
  if (actor.kind !== 'user' || actor.id === null) return null;
  const found = await db.query<{ id: string }>(
    'select id from people where id = $1 and deleted_at is null',
    [actor.id],
  );
  return found.rows[0]?.id ?? null;
}
