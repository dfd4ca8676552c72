import { mentionsIn } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';

/** Every `@[name](user:id)` in a comment names a live person. */
export async function checkMentions(client: Queryable, comment: string): Promise<void> {
  const ids = [...new Set(mentionsIn(comment).map((mention) => mention.id.toLowerCase()))];
  if (ids.length === 0) return;
  const found = await client.query<{ id: string }>(
    'select id from people where id = any($1::uuid[]) and deleted_at is null',
    [ids],
  );
  const known = new Set(found.rows.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw badRequest(`comment: mentions an unknown user ${missing}`);
}
