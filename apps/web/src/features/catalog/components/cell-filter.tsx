import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface CellFilterProps {
  /** What the buttons name, e.g. 'type Kubernetes::Pod'. */
  label: string;
  onFilter: (include: boolean) => void;
  children: ReactNode;
}

const buttonClass = cx(
  'rounded p-0.5 text-fg-muted hover:bg-surface-muted hover:text-fg',
  focusRing,
);

/** A cell value with include and exclude buttons that appear on hover or focus. */
export function CellFilter({ label, onFilter, children }: CellFilterProps) {
  return (
    <span className="group/cell inline-flex max-w-full items-center gap-1">
      <span className="min-w-0 truncate">{children}</span>
      {/* Out of the layout until hovered or focused, so that chips keep their own width. */}
      <span className="sr-only shrink-0 group-hover/cell:not-sr-only group-hover/cell:inline-flex focus-within:not-sr-only focus-within:inline-flex">
        <button
          type="button"
          aria-label={`Include ${label}`}
          title={`Include ${label}`}
          className={buttonClass}
          onClick={(event) => {
            event.stopPropagation();
            onFilter(true);
          }}
        >
          <Plus aria-hidden="true" className="size-3" />
        </button>
        <button
          type="button"
          aria-label={`Exclude ${label}`}
          title={`Exclude ${label}`}
          className={buttonClass}
          onClick={(event) => {
            event.stopPropagation();
            onFilter(false);
          }}
        >
          <Minus aria-hidden="true" className="size-3" />
        </button>
      </span>
    </span>
  );
}
