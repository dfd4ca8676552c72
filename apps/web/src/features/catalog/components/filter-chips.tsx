import { X } from 'lucide-react';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface FilterChip {
  key: string;
  label: string;
  exclude?: boolean;
  onRemove: () => void;
}

/** Active filters as removable chips; an excluded value reads 'not …'. */
export function FilterChips({ chips }: { chips: readonly FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="inline-flex items-center gap-1 rounded-full border border-border bg-surface py-0.5 pr-1 pl-2 text-xs"
        >
          <span>
            {chip.exclude && <span className="text-unhealthy">not </span>}
            {chip.label}
          </span>
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            onClick={chip.onRemove}
            className={cx('rounded-full p-0.5 text-fg-muted hover:text-fg', focusRing)}
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}
