import { useState, type ReactNode } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface ShowMoreListProps {
  items: readonly ReactNode[];
  /** Spec 001 §2: property lists collapse after 5 or 6 items. */
  visible: number;
  /** Names the toggle for screen readers, e.g. 'properties of api'. */
  what: string;
  className?: string;
}

export function ShowMoreList({ items, visible, what, className }: ShowMoreListProps) {
  const [expanded, setExpanded] = useState(false);
  const hidden = items.length - visible;
  const shown = expanded || hidden <= 0 ? items : items.slice(0, visible);
  return (
    <div className={className}>
      <ul className="space-y-1">
        {shown.map((item, index) => (
          <li key={index} className="min-w-0">
            {item}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Show less' : 'Show more'} ${what}`}
          onClick={() => setExpanded(!expanded)}
          className={cx('mt-1 rounded text-xs text-accent hover:underline', focusRing)}
        >
          {expanded ? 'show less' : `show more (${hidden})`}
        </button>
      )}
    </div>
  );
}
