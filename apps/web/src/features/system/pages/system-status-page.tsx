import { usePageTitle } from '@/lib/page-title.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useHealthQuery } from '../api/health-query.ts';
import { ProbeRow } from '../components/probe-row.tsx';

function StatusSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading system status"
      className="space-y-3 py-2"
    >
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

export function SystemStatusPage() {
  usePageTitle('System status');
  const health = useHealthQuery();

  return (
    <section aria-labelledby="system-status-heading" className="max-w-xl">
      <h1 id="system-status-heading" className="mb-4 text-lg font-semibold">
        System status
      </h1>
      <div className="rounded-lg border border-border bg-surface p-4 shadow-xs">
        {health.isPending && <StatusSkeleton />}
        {health.isError && (
          <ErrorState
            title="Could not reach the Vigil API"
            message={health.error.message}
            onRetry={() => void health.refetch()}
          />
        )}
        {health.isSuccess && (
          <dl className="divide-y divide-border">
            <ProbeRow label="API" status={health.data.status} />
            <ProbeRow label="Database" status={health.data.database} />
            <div className="flex items-center justify-between gap-4 py-2">
              <dt className="text-fg-muted">Backend version</dt>
              <dd className="font-mono text-xs">{health.data.version}</dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
