import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useSummaryQuery } from '../api/summary-query.ts';
import { CheckCards } from '../components/check-cards.tsx';
import { ChecksEmptyState } from '../components/checks-empty-state.tsx';
import { CheckDetailModal } from '../components/check-detail-modal.tsx';
import { CheckNotFoundDialog } from '../components/check-not-found-dialog.tsx';
import { ChecksTable } from '../components/checks-table.tsx';
import { HealthTabs } from '../components/health-tabs.tsx';
import { HealthToolbar } from '../components/health-toolbar.tsx';
import { LabelFilterSidebar } from '../components/label-filter-sidebar.tsx';
import { serialiseLabelFilters, toggleLabelState } from '../model/check-filters.ts';
import { healthUrlSchema, searchDebounceMs } from '../model/health-url-state.ts';
import {
  effectiveRefreshRate,
  readRefreshRate,
  refreshMsOf,
  refreshStorageKey,
} from '../model/refresh-rate.ts';
import { useHealthView } from './use-health-view.ts';

export function HealthPage() {
  usePageTitle('Health');
  const [state, setState] = useUrlState(healthUrlSchema);
  const [search, setSearch] = useState(state.query);
  const [storedRate, setStoredRate] = useState(() =>
    readRefreshRate(localStorage.getItem(refreshStorageKey)),
  );
  const refreshRate = effectiveRefreshRate(storedRate, state.timeRange);
  const summary = useSummaryQuery(state.timeRange, refreshMsOf(refreshRate));
  const all = useMemo(() => summary.data ?? [], [summary.data]);
  const view = useHealthView(all, state);

  useEffect(() => {
    if (search === state.query) return;
    const timer = setTimeout(
      () => setState({ query: search, pageSize: null }, { replace: true }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [search, state.query, setState]);

  const onPageSize = useCallback(
    (size: number) => setState({ pageSize: size }, { replace: true }),
    [setState],
  );
  const onOpen = useCallback((id: string) => setState({ checkId: id }), [setState]);
  const openCheck = all.find((check) => check.id === state.checkId);

  return (
    <section aria-labelledby="health-heading" className="space-y-4">
      <HealthToolbar
        search={search}
        onSearch={setSearch}
        groupBy={state.groupBy}
        groupByOptions={view.groupByOptions}
        onGroupBy={(groupBy) => setState({ groupBy, pageSize: null })}
        tabBy={state.tabBy}
        tabByOptions={view.tabByOptions}
        onTabBy={(tabBy) => setState({ tabBy, tab: null, pageSize: null })}
        timeRange={state.timeRange}
        onTimeRange={(timeRange) => setState({ timeRange })}
        refreshRate={refreshRate}
        onRefreshRate={(rate) => {
          localStorage.setItem(refreshStorageKey, rate);
          setStoredRate(rate);
        }}
        layout={state.layout}
        onLayout={(layout) => setState({ layout: layout === 'table' ? null : layout })}
      />
      <div className="flex gap-4">
        <aside aria-label="Filters" className="w-56 shrink-0 space-y-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              checked={view.hidePassing}
              onChange={(event) => setState({ hidePassing: event.target.checked ? null : 'false' })}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative h-5 w-9 rounded-full bg-border transition peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-accent after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-knob after:transition peer-checked:after:translate-x-4"
            />
            Hide Passing
          </label>
          <LabelFilterSidebar
            catalogue={view.catalogue}
            filters={view.labelFilters}
            onToggle={(id, chosen) =>
              setState({
                labels: serialiseLabelFilters(toggleLabelState(view.labelFilters, id, chosen)),
                pageSize: null,
              })
            }
          />
        </aside>
        <div className="min-w-0 flex-1 space-y-3">
          <HealthTabs
            tabs={view.tabs}
            active={view.activeTab}
            onSelect={(tab) => setState({ tab: tab === 'All' ? null : tab, pageSize: null })}
          >
            {summary.isPending ? (
              <TableSkeleton label="Loading checks" />
            ) : summary.isError ? (
              <ErrorState message={summary.error.message} onRetry={() => void summary.refetch()} />
            ) : view.visible.length === 0 ? (
              <ChecksEmptyState
                hasChecks={all.length > 0}
                hidingPassing={view.hidePassing}
                onShowPassing={() => setState({ hidePassing: 'false' })}
              />
            ) : state.layout === 'card' ? (
              <CheckCards checks={view.visible} now={summary.dataUpdatedAt} onOpen={onOpen} />
            ) : (
              <ChecksTable
                rows={view.rows}
                grouped={view.grouped}
                now={summary.dataUpdatedAt}
                sortBy={view.sortBy}
                sortDesc={view.sortDesc}
                onSort={(sortBy, desc) => setState({ sortBy, sortDesc: desc ? 'true' : null })}
                pageSize={state.pageSize}
                onPageSize={onPageSize}
                onOpen={onOpen}
              />
            )}
          </HealthTabs>
        </div>
      </div>
      {openCheck && (
        <CheckDetailModal
          check={openCheck}
          now={summary.dataUpdatedAt}
          onClose={() => setState({ checkId: null })}
        />
      )}
      {state.checkId && summary.isSuccess && !openCheck && (
        <CheckNotFoundDialog
          checkId={state.checkId}
          onClose={() => setState({ checkId: null }, { replace: true })}
        />
      )}
    </section>
  );
}
