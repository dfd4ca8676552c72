import type { UrlValue } from '@/lib/url-state.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import {
  changeRanges,
  changeSeverities,
  chipParams,
  defaultChangesRange,
  type ChangesUrlState,
} from '@/features/catalog/model/changes-url-state.ts';
import { DebouncedSearch } from '@/ui/debounced-search.tsx';
import { FilterChips } from '../filter-chips.tsx';

type Patch = Partial<Record<keyof ChangesUrlState, UrlValue>>;

export interface ChangesFiltersProps {
  state: ChangesUrlState;
  update: (patch: Patch) => void;
  /** Per-config toggles: upstream, downstream and Hide Deleted Config Changes. */
  scope?: {
    upstream: boolean;
    downstream: boolean;
    hideDeleted: boolean;
    onHideDeleted: (value: boolean) => void;
  };
}

const selectClass = cx(inputClassName, 'w-36');

function Toggle(props: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className={cx('size-4 accent-accent', focusRing)}
      />
      {props.label}
    </label>
  );
}

/** Config type, change type, severity and time range, plus removable chips (spec 001 §2). */
export function ChangesFilters({ state, update, scope }: ChangesFiltersProps) {
  const reset = { page: undefined };
  const chips = chipParams.flatMap((param) => {
    const value = state[param];
    return value
      ? [
          {
            key: param,
            label: `${param}: ${value}`,
            onRemove: () => update({ [param]: undefined, ...reset }),
          },
        ]
      : [];
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <DebouncedSearch
          label="Config type"
          placeholder="Config type, e.g. Kubernetes::Pod"
          className="w-72"
          value={state.configType ?? ''}
          onSearch={(configType) => update({ configType, ...reset })}
        />
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-fg-muted">Change type</span>
          <input
            value={state.changeType ?? ''}
            onChange={(event) => update({ changeType: event.target.value, ...reset })}
            placeholder="All"
            className={selectClass}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-fg-muted">Severity</span>
          <select
            value={state.severity ?? ''}
            onChange={(event) => update({ severity: event.target.value, ...reset })}
            className={selectClass}
          >
            <option value="">All</option>
            {changeSeverities.map((severity) => (
              <option key={severity} value={severity}>
                {severity}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-fg-muted">Range</span>
          <select
            value={state.from ?? defaultChangesRange}
            onChange={(event) =>
              update({
                from: event.target.value === defaultChangesRange ? undefined : event.target.value,
                ...reset,
              })
            }
            className={selectClass}
          >
            {changeRanges.map((range) => (
              <option key={range} value={range}>
                {range.replace('now-', 'Last ')}
              </option>
            ))}
          </select>
        </label>
        {scope && (
          <>
            <Toggle
              label="Upstream"
              checked={scope.upstream}
              onChange={(value) => update({ upstream: value ? 'true' : undefined, ...reset })}
            />
            <Toggle
              label="Downstream"
              checked={scope.downstream}
              onChange={(value) => update({ downstream: value ? undefined : 'false', ...reset })}
            />
            <Toggle
              label="Hide Deleted Config Changes"
              checked={scope.hideDeleted}
              onChange={scope.onHideDeleted}
            />
          </>
        )}
      </div>
      <FilterChips chips={chips} />
    </div>
  );
}
