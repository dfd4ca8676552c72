import type { JobHistory } from '@vigil/domain';
import { useState } from 'react';
import {
  JobDetailsDialog,
  JobHistoryTable,
  jobDetailTabsOf,
  type JobSortColumn,
} from '@/features/settings/jobs/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useScraperJobsQuery } from '@/features/catalog/api/scraper-query.ts';

/** The scraper's runs, 150 newest first (spec 002 §9); a run with details opens the dialog. */
export function ScraperJobs({ scraperId }: { scraperId: string }) {
  const [sortBy, setSortBy] = useState<JobSortColumn>('created_at');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [opened, setOpened] = useState<JobHistory | null>(null);
  const jobs = useScraperJobsQuery(scraperId, `${sortBy}.${sortOrder}`);
  const onSort = (column: JobSortColumn) => {
    setSortOrder(column === sortBy && sortOrder === 'desc' ? 'asc' : 'desc');
    setSortBy(column);
  };
  if (jobs.isPending) return <TableSkeleton label="Loading job history" />;
  if (jobs.isError && jobs.data === undefined) {
    return (
      <ErrorState
        title="Could not load the job history"
        message={jobs.error.message}
        onRetry={() => void jobs.refetch()}
      />
    );
  }
  if (jobs.data.data.length === 0) {
    return (
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState title="No details found" description="This scraper has not run yet." />
      </div>
    );
  }
  return (
    <>
      <JobHistoryTable
        jobs={jobs.data.data}
        sortBy={sortBy}
        sortOrder={sortOrder}
        onSort={onSort}
        onOpen={setOpened}
      />
      {opened?.details && jobDetailTabsOf(opened.details).length > 0 && (
        <JobDetailsDialog
          title={opened.resource_name ? `${opened.name}: ${opened.resource_name}` : opened.name}
          status={opened.status}
          details={opened.details}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}
