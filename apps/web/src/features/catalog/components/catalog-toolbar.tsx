import type { UrlStateOptions, UrlValue } from '@/lib/url-state.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { catalogChips } from '../model/catalog-filter-actions.ts';
import { hasListFilter, type CatalogUrlState } from '../model/catalog-url-state.ts';
import { DebouncedSearch } from '@/ui/debounced-search.tsx';
import { FilterChips } from './filter-chips.tsx';

type Patch = Partial<Record<keyof CatalogUrlState, UrlValue>>;

export interface CatalogToolbarProps {
  state: CatalogUrlState;
  update: (patch: Patch, options?: UrlStateOptions) => void;
  hideDeleted: boolean;
  onHideDeleted: (value: boolean) => void;
  total: number | undefined;
}

const healthOptions = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Search, health, Hide Deleted and the active filters as chips. */
export function CatalogToolbar({
  state,
  update,
  hideDeleted,
  onHideDeleted,
  total,
}: CatalogToolbarProps) {
  const chips = catalogChips(state).map((chip) => ({
    ...chip,
    onRemove: () => update(chip.patch),
  }));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <DebouncedSearch
          label="Search the catalog"
          placeholder="Search by name, type, description or namespace"
          value={state.search ?? ''}
          onSearch={(search) => update({ search }, { replace: true })}
        />
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-fg-muted">Health</span>
          <select
            value={state.health ?? ''}
            onChange={(event) => update({ health: event.target.value })}
            className={cx(inputClassName, 'w-36')}
          >
            <option value="">All</option>
            {healthOptions.map((health) => (
              <option key={health} value={health}>
                {health}
              </option>
            ))}
          </select>
        </label>
        {!hasListFilter(state) && (
          <label className="flex items-center gap-2 text-sm">
            <span className="whitespace-nowrap text-fg-muted">Group by</span>
            <select
              value={state.groupBy ?? 'provider'}
              onChange={(event) =>
                update({
                  groupBy: event.target.value === 'provider' ? undefined : event.target.value,
                })
              }
              className={cx(inputClassName, 'w-32')}
            >
              <option value="provider">Provider</option>
              <option value="type">Type</option>
            </select>
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={hideDeleted}
            onChange={(event) => onHideDeleted(event.target.checked)}
            className={cx('size-4 accent-accent', focusRing)}
          />
          Hide Deleted
        </label>
        {total !== undefined && (
          <span className="ml-auto text-xs text-fg-muted" aria-live="polite">
            {total.toLocaleString('en-US')} items
          </span>
        )}
      </div>
      <FilterChips chips={chips} />
    </div>
  );
}
