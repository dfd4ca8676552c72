import { useMemo } from 'react';
import { filterChecks, labelCatalogue, parseLabelFilters } from '../model/check-filters.ts';
import {
  allTab,
  fixedGroupByOptions,
  fixedTabByOptions,
  groupChecks,
  inTab,
  tabsOf,
} from '../model/check-groups.ts';
import { checkRows } from '../model/check-rows.ts';
import { parseSortColumn, sortChecks } from '../model/check-sort.ts';
import type { CheckSummary } from '@vigil/domain';
import type { HealthUrlState } from '../model/health-url-state.ts';

/**
 * The dashboard's derivations, each memoised on its own inputs so a refresh that changes
 * nothing the view uses costs one comparison, and typing in search does not regroup tabs.
 */
export function useHealthView(all: readonly CheckSummary[], state: HealthUrlState) {
  const labelFilters = useMemo(() => parseLabelFilters(state.labels ?? null), [state.labels]);
  const hidePassing = state.hidePassing === 'true';
  const catalogue = useMemo(() => labelCatalogue(all), [all]);
  const filtered = useMemo(
    () => filterChecks(all, { query: state.query, hidePassing, labels: labelFilters }),
    [all, state.query, hidePassing, labelFilters],
  );
  const tabs = useMemo(() => tabsOf(filtered, state.tabBy), [filtered, state.tabBy]);
  const activeTab = tabs.some((tab) => tab.key === state.tab) ? (state.tab ?? allTab) : allTab;
  const sortBy = parseSortColumn(state.sortBy);
  const sortDesc = state.sortDesc === 'true';
  const visible = useMemo(
    () => sortChecks(inTab(filtered, state.tabBy, activeTab), sortBy, sortDesc),
    [filtered, state.tabBy, activeTab, sortBy, sortDesc],
  );
  const groups = useMemo(() => groupChecks(visible, state.groupBy), [visible, state.groupBy]);
  const rows = useMemo(() => checkRows(visible, groups), [visible, groups]);
  const labelKeys = [...catalogue.keys()].map((key) => `label:${key}`);
  return {
    labelFilters,
    hidePassing,
    catalogue,
    tabs,
    activeTab,
    sortBy,
    sortDesc,
    visible,
    rows,
    grouped: groups !== null,
    groupByOptions: [...fixedGroupByOptions, ...labelKeys],
    tabByOptions: [...fixedTabByOptions, ...labelKeys],
  };
}
