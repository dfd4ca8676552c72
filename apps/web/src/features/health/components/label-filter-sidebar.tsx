import { Minus, Plus } from 'lucide-react';
import { cx } from '@/ui/class-names.ts';
import { isBooleanLabel, labelId, type LabelFilters } from '../model/check-filters.ts';

export interface LabelFilterSidebarProps {
  catalogue: ReadonlyMap<string, readonly string[]>;
  filters: LabelFilters;
  onToggle: (id: string, chosen: -1 | 1) => void;
}

interface TriStateProps {
  id: string;
  text: string;
  state: number;
  onToggle: (id: string, chosen: -1 | 1) => void;
}

/** Include / exclude buttons for one label item; choosing the active state again resets it. */
function TriState({ id, text, state, onToggle }: TriStateProps) {
  return (
    <div className="flex items-center gap-1 text-sm">
      <button
        type="button"
        aria-pressed={state === 1}
        aria-label={`Include ${id}`}
        onClick={() => onToggle(id, 1)}
        className={cx(
          'rounded border border-border p-0.5',
          state === 1 && 'bg-healthy text-on-status',
        )}
      >
        <Plus aria-hidden="true" className="size-3" />
      </button>
      <button
        type="button"
        aria-pressed={state === -1}
        aria-label={`Exclude ${id}`}
        onClick={() => onToggle(id, -1)}
        className={cx(
          'rounded border border-border p-0.5',
          state === -1 && 'bg-unhealthy text-on-status',
        )}
      >
        <Minus aria-hidden="true" className="size-3" />
      </button>
      <span className="truncate" title={text}>
        {text}
      </span>
    </div>
  );
}

/**
 * 'Filter by Label': a true/false label is one toggle (include or exclude `key=true`); a
 * label with several values lists each value with its own include and exclude.
 */
export function LabelFilterSidebar({ catalogue, filters, onToggle }: LabelFilterSidebarProps) {
  const entries = [...catalogue.entries()];
  const booleans = entries.filter(([, values]) => isBooleanLabel(values));
  const multi = entries.filter(([, values]) => !isBooleanLabel(values));
  return (
    <div className="space-y-3">
      <h2 className="text-sm font-semibold">Filter by Label</h2>
      {booleans.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="text-xs font-medium text-fg-muted">Toggles</legend>
          {booleans.map(([key]) => {
            const id = labelId(key, 'true');
            return (
              <TriState key={id} id={id} text={key} state={filters[id] ?? 0} onToggle={onToggle} />
            );
          })}
        </fieldset>
      )}
      {multi.map(([key, values]) => (
        <fieldset key={key} className="max-h-60 space-y-1 overflow-y-auto">
          <legend className="text-xs font-medium text-fg-muted">{key}</legend>
          {values.map((value) => {
            const id = labelId(key, value);
            return (
              <TriState
                key={id}
                id={id}
                text={value}
                state={filters[id] ?? 0}
                onToggle={onToggle}
              />
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
