// The jobs area's public surface: other areas show a run's details with the same dialog.
export { JobDetailsDialog } from './components/job-details-dialog.tsx';
export { availableTabs as jobDetailTabsOf } from './model/job-details.ts';
