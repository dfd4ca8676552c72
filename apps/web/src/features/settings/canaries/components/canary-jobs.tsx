import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import { useCanaryJobsQuery } from '../api/canary-jobs-query.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';

const columns = ['Status', 'Started', 'Duration', 'Passed', 'Failed', 'Errors'] as const;

function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** The canary's runs from job history, newest first. */
export function CanaryJobs({ canaryId }: { canaryId: string }) {
  const jobs = useCanaryJobsQuery(canaryId);
  if (jobs.isPending) return <TableSkeleton label="Loading job history" />;
  if (jobs.isError) {
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
        <EmptyState title="No details found" description="This canary has not run yet." />
      </div>
    );
  }
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
