import { playbookRunsConfigPageSize } from '@vigil/domain';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useRunsQuery } from '../api/runs-query.ts';
import { RunsTable } from './runs-table.tsx';

/** The runs on one config (its Playbooks tab): newest first, 200 a page (spec 002 §9). */
export function ConfigPlaybookRuns({ configId }: { configId: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const runs = useRunsQuery({
    configId,
    timeRange: '5y',
    pageIndex,
    pageSize: playbookRunsConfigPageSize,
  });
  if (runs.isPending) return <TableSkeleton label="Loading playbook runs" />;
  if (runs.isError)
    return (
      <ErrorState
        title="Could not load the playbook runs"
        message={runs.error.message}
        onRetry={() => void runs.refetch()}
      />
    );
  if (runs.data.data.length === 0 && pageIndex === 0)
    return (
      <EmptyState
        icon={ListChecks}
        title="No playbook runs"
        description="No playbook has run for this config."
      />
    );
  return (
    <div className="space-y-3">
      <RunsTable runs={runs.data.data} />
      <Pagination
        pageIndex={pageIndex}
        pageSize={playbookRunsConfigPageSize}
        total={runs.data.totalEntries}
        shown={runs.data.data.length}
        emptyText="No runs"
        onPage={setPageIndex}
      />
    </div>
  );
}
