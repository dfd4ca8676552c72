import { useState } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { Comment } from '../api/incident-schemas.ts';
import { CommentItem } from './comments-panel.tsx';

/**
 * A hypothesis's own comments under a count that folds them; `?comments=true` opens every one
 * (spec 002 §2, Action Plan).
 */
export function HypothesisComments({
  comments,
  expanded,
  title,
}: {
  comments: readonly Comment[];
  expanded: boolean;
  title: string;
}) {
  const [open, setOpen] = useState(expanded);
  if (comments.length === 0) return null;
  const label = comments.length === 1 ? '1 comment' : `${comments.length} comments`;
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-expanded={open}
        aria-label={`${label} on ${title}`}
        className={cx('text-xs text-accent hover:underline', focusRing)}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && (
        <ol className="space-y-3">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} hypotheses={[]} />
          ))}
        </ol>
      )}
    </div>
  );
}
