import { useEffect, useMemo, useState } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { inputClassName } from '../../../ui/form-field.tsx';
import { TableSkeleton } from '../../../ui/table.tsx';
import { useSummaryQuery } from '../api/summary-query.ts';
import { CheckDetailModal } from '../components/check-detail-modal.tsx';
import { ChecksTable } from '../components/checks-table.tsx';
import { LabelFilterSidebar } from '../components/label-filter-sidebar.tsx';
import {
  filterChecks,
  labelCatalogue,
  parseLabelFilters,
  serialiseLabelFilters,
  toggleLabelState,
} from '../model/check-filters.ts';
import { fixedGroupByOptions, groupChecks } from '../model/check-groups.ts';
import { parseSortColumn, sortChecks } from '../model/check-sort.ts';
import { healthUrlSchema, searchDebounceMs, searchPlaceholder } from '../model/health-url-state.ts';
import {
  readRefreshRate,
  refreshMsOf,
  refreshOptions,
  refreshStorageKey,
} from '../model/refresh-rate.ts';

export function HealthPage() {
  usePageTitle('Health');
  const [state, setState] = useUrlState(healthUrlSchema);
  const [search, setSearch] = useState(state.query);
  const [refreshRate, setRefreshRate] = useState(() =>
    readRefreshRate(localStorage.getItem(refreshStorageKey)),
  );
  const summary = useSummaryQuery(state.timeRange, refreshMsOf(refreshRate));
  const labelFilters = useMemo(() => parseLabelFilters(state.labels ?? null), [state.labels]);
  const hidePassing = state.hidePassing === 'true';

  useEffect(() => {
    if (search === state.query) return;
    const timer = setTimeout(
      () => setState({ query: search }, { replace: true }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [search, state.query, setState]);

  const all = useMemo(() => summary.data ?? [], [summary.data]);
  const catalogue = useMemo(() => labelCatalogue(all), [all]);
  const visible = useMemo(
    () =>
      sortChecks(
        filterChecks(all, { query: state.query, hidePassing, labels: labelFilters }),
        parseSortColumn(state.sortBy),
        state.sortDesc === 'true',
      ),
    [all, state.query, hidePassing, labelFilters, state.sortBy, state.sortDesc],
  );
  const groups = useMemo(() => groupChecks(visible, state.groupBy), [visible, state.groupBy]);
  const openCheck = all.find((check) => check.id === state.checkId);
  const groupByOptions = [
    ...fixedGroupByOptions,
    ...[...catalogue.keys()].map((key) => `label:${key}`),
  ];

  return (
    <section aria-labelledby="health-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="health-heading" className="text-lg font-semibold">
          Health
        </h1>
        <input
          type="search"
          aria-label="Search checks"
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={`${inputClassName} max-w-sm`}
        />
        <label className="flex items-center gap-2 text-sm whitespace-nowrap">
          Group By
          <select
            value={state.groupBy}
            onChange={(event) => setState({ groupBy: event.target.value })}
            className={`${inputClassName} w-auto`}
          >
            {groupByOptions.map((option) => (
              <option key={option} value={option}>
                {option.replace(/^label:/, '')}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm whitespace-nowrap">
          Refresh rate
          <select
            value={refreshRate}
            onChange={(event) => {
              localStorage.setItem(refreshStorageKey, event.target.value);
              setRefreshRate(event.target.value);
            }}
            className={`${inputClassName} w-auto`}
          >
            {refreshOptions.map(([label]) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex gap-4">
        <aside aria-label="Filters" className="w-56 shrink-0 space-y-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              checked={hidePassing}
              onChange={(event) => setState({ hidePassing: event.target.checked ? null : 'false' })}
            />
            Hide Passing
          </label>
          <LabelFilterSidebar
            catalogue={catalogue}
            filters={labelFilters}
            onToggle={(id, chosen) =>
              setState({
                labels: serialiseLabelFilters(toggleLabelState(labelFilters, id, chosen)),
              })
            }
          />
        </aside>
        <div className="min-w-0 flex-1">
          {summary.isPending ? (
            <TableSkeleton label="Loading checks" />
          ) : summary.isError ? (
            <ErrorState message={summary.error.message} onRetry={() => void summary.refetch()} />
          ) : visible.length === 0 ? (
            <EmptyState />
          ) : (
            <ChecksTable
              checks={visible}
              groups={groups}
              now={summary.dataUpdatedAt}
              onOpen={(id) => setState({ checkId: id })}
            />
          )}
        </div>
      </div>
      {openCheck && (
        <CheckDetailModal
          check={openCheck}
          now={summary.dataUpdatedAt}
          onClose={() => setState({ checkId: null })}
        />
      )}
    </section>
  );
}
