import { commentParts } from '@vigil/domain';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { FormField, controlProps } from '@/ui/form-field.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useCommentsQuery } from '../api/incident-query.ts';
import type { Comment, Hypothesis } from '../api/incident-schemas.ts';
import { usePeopleQuery } from '../api/pickers-query.ts';
import { Avatar } from './incident-badges.tsx';
import { MentionInput } from './mention-input.tsx';

export const selectHypothesisMessage = 'Please select any hypothesis';
export const commentDetailsMessage = 'Please add comment details';

function CommentText({ text }: { text: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap">
      {commentParts(text).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index} className="rounded bg-accent/15 px-1 font-medium text-fg">
            @{part.display}
          </span>
        ),
      )}
    </p>
  );
}

/** One comment: its author, time, hypothesis and text with the mentions marked. */
export function CommentItem({
  comment,
  hypotheses,
}: {
  comment: Comment;
  hypotheses: readonly Hypothesis[];
}) {
  const about = hypotheses.find((h) => h.id === comment.hypothesis_id);
  const author = comment.created_by ?? {
    id: 'external',
    name: comment.external_created_by ?? 'Someone',
  };
  return (
    <li className="flex gap-3">
      <Avatar person={author} size="md" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-baseline gap-2 text-xs text-fg-muted">
          <span className="font-medium text-fg">{author.name}</span>
          <RelativeTime value={comment.created_at} />
          {about && <span>on {about.title ?? '(no title)'}</span>}
        </div>
        <CommentText text={comment.comment} />
      </div>
    </li>
  );
}

/** The comment timeline with its hypothesis selector and @-mentions (spec 002 §2, §5). */
export function CommentsPanel({
  incidentId,
  hypotheses,
  canWrite,
}: {
  incidentId: string;
  hypotheses: readonly Hypothesis[];
  canWrite: boolean;
}) {
  const comments = useCommentsQuery(incidentId);
  const people = usePeopleQuery();
  const create = useCreateComment(incidentId);
  const root = hypotheses.find((h) => h.type === 'root');
  const [hypothesisId, setHypothesisId] = useState(root?.id ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (hypothesisId === '') return setError(selectHypothesisMessage);
    if (text.trim() === '') return setError(commentDetailsMessage);
    setError(undefined);
    create.mutate({ incident_id: incidentId, hypothesis_id: hypothesisId, comment: text.trim() });
    setText('');
  };
  const list = comments.data ?? [];
  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {comments.isPending ? 'Loading ...' : 'No comments yet.'}
        </p>
      ) : (
        <ol className="space-y-4">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} hypotheses={hypotheses} />
          ))}
        </ol>
      )}
      {canWrite && (
        <form
          className="space-y-2 rounded-lg border border-border bg-surface p-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label="Hypothesis" htmlFor="comment-hypothesis">
            <select
              {...controlProps('comment-hypothesis', false)}
              value={hypothesisId}
              onChange={(event) => setHypothesisId(event.target.value)}
            >
              <option value="">Select a hypothesis</option>
              {hypotheses.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.title ?? '(no title)'}
                </option>
              ))}
            </select>
          </FormField>
          <label htmlFor="comment-text" className="sr-only">
            Comment
          </label>
          <MentionInput
            id="comment-text"
            value={text}
            people={people.data ?? []}
            onChange={setText}
            invalid={error !== undefined}
          />
          {error !== undefined && (
            <p role="alert" className="text-xs text-unhealthy">
              {error}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" variant="primary" disabled={text.trim() === ''}>
              Comment
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
