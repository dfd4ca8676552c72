import { BookOpen, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useRunsQuery } from '../api/runs-query.ts';
import { RunsFilters } from '../components/runs-filters.tsx';
import { RunsTable } from '../components/runs-table.tsx';
import { runPageSizes, runsUrlSchema } from '../model/runs-url-state.ts';

/** /playbooks/runs: filters playbook, status, time range (7 days), 150 a page (spec 002 §2, §9). */
export function PlaybookRunsPage() {
  usePageTitle('Playbook Runs');
  const [state, update] = useUrlState(runsUrlSchema);
  const runs = useRunsQuery(state);
  return (
    <section aria-labelledby="runs-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="runs-heading" className="text-lg font-semibold">
          Playbook Runs
        </h1>
        <Link
          to="/playbooks"
          className={cx(
            'inline-flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium hover:bg-surface-muted',
            focusRing,
          )}
        >
          <BookOpen aria-hidden="true" className="size-4" />
          Playbooks
        </Link>
      </div>
      <RunsFilters state={state} onChange={(patch) => update({ ...patch, pageIndex: undefined })} />
      {runs.isPending && <TableSkeleton label="Loading playbook runs" />}
      {runs.isError && (
        <ErrorState
          title="Could not load the playbook runs"
          message={runs.error.message}
          onRetry={() => void runs.refetch()}
        />
      )}
      {runs.data !== undefined &&
        (runs.data.data.length === 0 && state.pageIndex === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              icon={ListChecks}
              description="No playbook ran in this window with these filters. Widen the time range or clear a filter."
            />
          </div>
        ) : (
          <div className="space-y-3" aria-busy={runs.isPlaceholderData}>
            <RunsTable runs={runs.data.data} />
            <Pagination
              pageIndex={state.pageIndex}
              pageSize={state.pageSize}
              total={runs.data.totalEntries}
              shown={runs.data.data.length}
              emptyText="No runs"
              onPage={(pageIndex) => update({ pageIndex: pageIndex === 0 ? undefined : pageIndex })}
              pageSizes={runPageSizes}
              onPageSize={(pageSize) => update({ pageSize, pageIndex: undefined })}
            />
          </div>
        ))}
    </section>
  );
}
