import { mentionsIn } from '@vigil/domain';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { NewEvent, PlainConsumer } from '../../events/index.ts';
import type { NotificationSender } from '../../notifications/index.ts';
import type { Database } from '../../../platform/db.ts';
import { mentionNotice, type MentionNoticeRow } from './mentions.repository.ts';

/** Queued in the comment's transaction, one per mentioned person, so retries are per person. */
export const commentMentionEvent = 'incident.comment.mentioned';

export interface MentionDeps {
  readonly db: Database;
  readonly connections: ConnectionResolver;
  readonly notify: NotificationSender;
  /** The SMTP connection that mails people (the notifications area's, connection://default/smtp). */
  readonly emailConnection: string;
  /** VIGIL_PUBLIC_URL: the mail links to the incident when set. */
  readonly publicUrl?: string | undefined;
}

/** The people a new comment mentions, less its author (no mail to oneself). */
export function mentionEvents(comment: {
  id: string;
  comment: string;
  created_by: string | null;
}): NewEvent[] {
  const ids = new Set(mentionsIn(comment.comment).map((mention) => mention.id.toLowerCase()));
  if (comment.created_by) ids.delete(comment.created_by.toLowerCase());
  return [...ids].map((personId) => ({
    name: commentMentionEvent,
    eventId: `${comment.id}:${personId}`,
    properties: { comment_id: comment.id, person_id: personId },
  }));
}

/** The mail: who mentioned you where, the comment with mentions as @names, and a link. */
export function mentionMessage(notice: MentionNoticeRow, publicUrl?: string) {
  const author = notice.author ?? 'Someone';
  const text = notice.comment.replace(/@\[([^\]]*)\]\(user:[0-9a-fA-F-]{36}\)/g, '@$1');
  const link = publicUrl
    ? `\n\n${publicUrl.replace(/\/$/, '')}/incidents/${notice.incident_id}`
    : '';
  return {
    title: `${author} mentioned you in ${notice.display_id}: ${notice.title}`,
    body: `${author} mentioned you in a comment on incident ${notice.display_id} (${notice.title}):\n\n${text}${link}`,
  };
}

/** Mails each mentioned person through the notifications area's email channel. */
export function mentionConsumer(deps: MentionDeps): PlainConsumer {
  return {
    name: 'incident comment mentions',
    events: [commentMentionEvent],
    timeoutMs: 30_000,
    async handle(event, { signal }) {
      const { comment_id: commentId, person_id: personId } = event.properties;
      if (typeof commentId !== 'string' || typeof personId !== 'string') return;
      const notice = await mentionNotice(deps.db.pool, commentId, personId);
      if (!notice?.email) return;
      const connection = await deps.connections(deps.emailConnection);
      await deps.notify(connection, mentionMessage(notice, deps.publicUrl), {
        idempotencyKey: `mention:${commentId}:${personId}`,
        signal,
        to: notice.email,
      });
    },
  };
}
