// The jobs area's public surface: other areas show a run's details with the same dialog.
export { JobDetailsDialog } from './components/job-details-dialog.tsx';
export { availableTabs as jobDetailTabsOf } from './model/job-details.ts';
export { JobHistoryTable } from './components/job-history-table.tsx';
export type { SortColumn as JobSortColumn } from './model/job-url-state.ts';
