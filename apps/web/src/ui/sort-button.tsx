import { ArrowDown, ArrowUp } from 'lucide-react';
import { cx, focusRing } from './class-names.ts';

export interface SortButtonProps {
  label: string;
  /** This column is the one the table is sorted by. */
  active: boolean;
  descending: boolean;
  onClick: () => void;
}

/** A sortable column header's button; the arrow shows the direction of the active column. */
export function SortButton({ label, active, descending, onClick }: SortButtonProps) {
  return (
    <button
      type="button"
      className={cx('inline-flex items-center gap-1 uppercase hover:text-fg', focusRing)}
      onClick={onClick}
    >
      {label}
      {active &&
        (descending ? (
          <ArrowDown aria-hidden="true" className="size-3" />
        ) : (
          <ArrowUp aria-hidden="true" className="size-3" />
        ))}
    </button>
  );
}
