import { z } from 'zod';
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

const noticeRow = z.object({
  comment: z.string(),
  incident_id: z.string(),
  display_id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  email: z.string().nullable(),
});
export type MentionNoticeRow = z.infer<typeof noticeRow>;

/** What a mention's email says: the comment, its incident, its author and the person's email. */
export async function mentionNotice(client: Queryable, commentId: string, personId: string) {
  const found = await client.query(
    `select c.comment, i.id as incident_id, i.incident_id as display_id, i.title,
            coalesce(a.name, c.external_created_by) as author, p.email
       from comments c
       join incidents i on i.id = c.incident_id
       left join people a on a.id = c.created_by
       join people p on p.id = $2 and p.deleted_at is null
      where c.id = $1`,
    [commentId, personId],
  );
  return found.rows.length === 0 ? undefined : noticeRow.parse(found.rows[0]);
}
