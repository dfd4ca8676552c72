import type { JobHistory } from '@vigil/domain';
import { RefreshCw } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useJobHistoriesQuery } from '../api/job-histories-query.ts';
import { useJobHistoryNamesQuery } from '../api/job-history-names-query.ts';
import { useJobHistoryQuery } from '../api/job-history-query.ts';
import { JobDetailsDialog } from '../components/job-details-dialog.tsx';
import { JobFilters, type JobFiltersProps } from '../components/job-filters.tsx';
import { JobHistoryTable } from '../components/job-history-table.tsx';
import { availableTabs } from '../model/job-details.ts';
import {
  jobsPageSize,
  jobUrlSchema,
  timeRangeOf,
  timeRangeParams,
  type SortColumn,
} from '../model/job-url-state.ts';

/** Text columns sort A to Z first; times, counts and durations newest or largest first. */
const ascendingFirst: ReadonlySet<SortColumn> = new Set([
  'name',
  'resource_type',
  'resource_name',
  'status',
]);

/** /settings/jobs: every job's runs, filtered, sorted and paged in the URL (spec 002 §2, §9). */
export function JobHistoryPage() {
  usePageTitle('Job History');
  const [state, update] = useUrlState(jobUrlSchema);
  const jobs = useJobHistoriesQuery(state);
  const names = useJobHistoryNamesQuery();
  const opened = useJobHistoryQuery(state.job);

  const onFilter: JobFiltersProps['onChange'] = (patch) => {
    const next: Record<string, string | undefined> = { pageIndex: undefined };
    if ('resourceType' in patch) next.resourceType = clearAll(patch.resourceType);
    if ('name' in patch) next.name = clearAll(patch.name);
    // Status keeps 'all' in the URL: without the parameter the page shows SUCCESS.
    if ('status' in patch) next.status = patch.status === 'SUCCESS' ? undefined : patch.status;
    if ('duration' in patch) next.duration = patch.duration === 'any' ? undefined : patch.duration;
    update(next);
  };
  const onSort = (column: SortColumn): void => {
    const order =
      column === state.sortBy
        ? state.sortOrder === 'asc'
          ? 'desc'
          : 'asc'
        : ascendingFirst.has(column)
          ? 'asc'
          : 'desc';
    const isDefault = column === 'created_at' && order === 'desc';
    update({
      sortBy: isDefault ? undefined : column,
      sortOrder: isDefault ? undefined : order,
      pageIndex: undefined,
    });
  };
  const open = (job: JobHistory): void => update({ job: job.id, tab: undefined });
  const close = (): void => update({ job: undefined, tab: undefined });

  return (
    <section aria-labelledby="jobs-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="jobs-heading" className="text-lg font-semibold">
          Job History
        </h1>
        <Button
          size="sm"
          label="Refresh"
          disabled={jobs.isFetching}
          onClick={() => void jobs.refetch()}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <JobFilters
        values={{
          resourceType: state.resourceType,
          name: state.name,
          status: state.status,
          duration: state.duration,
          timeRange: timeRangeOf(state),
        }}
        names={names.data ?? []}
        onChange={onFilter}
        onTimeRange={(range) => update(timeRangeParams(range))}
      />
      {jobs.isPending && <TableSkeleton label="Loading job history" />}
      {jobs.isError && jobs.data === undefined && (
        <ErrorState
          title="Could not load the job history"
          message={jobs.error.message}
          onRetry={() => void jobs.refetch()}
        />
      )}
      {jobs.data !== undefined &&
        (jobs.data.data.length === 0 && state.pageIndex === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              title="No details found"
              description="No job ran that matches the filters. Jobs appear here as canaries and scrapers run."
            />
          </div>
        ) : (
          <div className="space-y-3" aria-busy={jobs.isPlaceholderData}>
            <JobHistoryTable
              jobs={jobs.data.data}
              sortBy={state.sortBy}
              sortOrder={state.sortOrder}
              onSort={onSort}
              onOpen={open}
            />
            <Pagination
              pageIndex={state.pageIndex}
              pageSize={jobsPageSize}
              total={jobs.data.totalEntries}
              shown={jobs.data.data.length}
              emptyText="No runs"
              onPage={(pageIndex) => update({ pageIndex: pageIndex === 0 ? undefined : pageIndex })}
            />
          </div>
        ))}
      {opened.data?.details && availableTabs(opened.data.details).length > 0 && (
        <JobDetailsDialog
          title={jobTitle(opened.data)}
          status={opened.data.status}
          details={opened.data.details}
          onClose={close}
        />
      )}
    </section>
  );
}

/** A run of a resource names it: `Canary: shop`. */
function jobTitle(job: JobHistory): string {
  return job.resource_name ? `${job.name}: ${job.resource_name}` : job.name;
}

function clearAll(value: string | undefined): string | undefined {
  return value === 'all' ? undefined : value;
}
