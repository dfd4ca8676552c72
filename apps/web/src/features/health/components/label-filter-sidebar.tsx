import { Minus, Plus } from 'lucide-react';
import { cx } from '../../../ui/class-names.ts';
import { labelId, type LabelFilters } from '../model/check-filters.ts';

export interface LabelFilterSidebarProps {
  catalogue: ReadonlyMap<string, readonly string[]>;
  filters: LabelFilters;
  onToggle: (id: string, chosen: -1 | 1) => void;
}

/** 'Filter by Label': each label value can be included or excluded; choosing again resets it. */
export function LabelFilterSidebar({ catalogue, filters, onToggle }: LabelFilterSidebarProps) {
  return (
    <div className="space-y-3">
      <h2 className="text-sm font-semibold">Filter by Label</h2>
      {[...catalogue.entries()].map(([key, values]) => (
        <fieldset key={key} className="space-y-1">
          <legend className="text-xs font-medium text-fg-muted">{key}</legend>
          {values.map((value) => {
            const id = labelId(key, value);
            const state = filters[id] ?? 0;
            return (
              <div key={id} className="flex items-center gap-1 text-sm">
                <button
                  type="button"
                  aria-pressed={state === 1}
                  aria-label={`Include ${key}=${value}`}
                  onClick={() => onToggle(id, 1)}
                  className={cx(
                    'rounded border border-border p-0.5',
                    state === 1 && 'bg-green-600 text-white',
                  )}
                >
                  <Plus aria-hidden="true" className="size-3" />
                </button>
                <button
                  type="button"
                  aria-pressed={state === -1}
                  aria-label={`Exclude ${key}=${value}`}
                  onClick={() => onToggle(id, -1)}
                  className={cx(
                    'rounded border border-border p-0.5',
                    state === -1 && 'bg-red-600 text-white',
                  )}
                >
                  <Minus aria-hidden="true" className="size-3" />
                </button>
                <span className="truncate">{value}</span>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
