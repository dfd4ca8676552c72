import type { Queryable } from './db.ts';

/**
 * The person a new row (canary, connection, notification, flag) is recorded as created by: the
 * signed-in user when they have a `people` row (agents, the system and tokens leave it null).
 */
export async function creatorOf(
  db: Queryable,
  actor: { kind: string; id: string | null },
): Promise<string | null> {
  if (actor.kind !== 'user' || actor.id === null) return null;
  const found = await db.query<{ id: string }>('select id from people where id = $1', [actor.id]);
  return found.rows[0]?.id ?? null;
}
