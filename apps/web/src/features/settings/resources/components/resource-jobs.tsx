import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jobHistorySchema } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import { resourceKeys } from '../api/resource-keys.ts';

/** Spec 002 §9: a resource's job history shows 150 runs, newest first. */
const pageSize = 150;
const columns = ['Status', 'Started', 'Duration', 'Passed', 'Failed', 'Errors'] as const;

function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** The jobHistory tab: job_histories of this resource (resource_type and resource_id). */
export function ResourceJobs({
  table,
  resourceType,
  id,
}: {
  table: string;
  resourceType: string;
  id: string;
}) {
  const jobs = useQuery({
    queryKey: resourceKeys.jobs(table, id),
    queryFn: ({ signal }) =>
      apiList('db', '/job_histories', jobHistorySchema, {
        query: {
          select: '*',
          resource_type: `eq.${resourceType}`,
          resource_id: `eq.${id}`,
          order: 'created_at.desc',
          limit: pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
  if (jobs.isPending) return <TableSkeleton label="Loading job history" />;
  if (jobs.isError)
    return (
      <ErrorState
        title="Could not load the job history"
        message={jobs.error.message}
        onRetry={() => void jobs.refetch()}
      />
    );
  if (jobs.data.data.length === 0)
    return (
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState title="No details found" description="It has not run yet." />
      </div>
    );
  return (
    <Table label="Job history" columns={columns}>
      {jobs.data.data.map((job) => (
        <tr key={job.id}>
          <TableCell>
            <JobStatusBadge status={job.status} />
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <RelativeTime value={job.time_start} />
          </TableCell>
          <TableCell>{duration(job.duration_millis)}</TableCell>
          <TableCell>{job.success_count ?? ''}</TableCell>
          <TableCell>{job.error_count ?? ''}</TableCell>
          <TableCell className="text-xs text-fg-muted">
            {(job.details?.errors ?? []).map(String).join('; ')}
          </TableCell>
        </tr>
      ))}
    </Table>
  );
}
