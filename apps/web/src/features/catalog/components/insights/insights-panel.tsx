import { useUrlState } from '@/lib/url-state.ts';
import { cx } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { inputClassName } from '@/ui/form-field.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useInsightsQuery } from '@/features/catalog/api/insights-query.ts';
import {
  insightPageSize,
  insightsUrlSchema,
  type InsightSortColumn,
} from '@/features/catalog/model/insights-url-state.ts';
import { InsightDialog } from './insight-dialog.tsx';
import { InsightsTable } from './insights-table.tsx';

const statuses = ['open', 'resolved', 'silenced'] as const;
const severities = ['info', 'low', 'medium', 'high', 'critical', 'blocker', 'warning'] as const;
const types = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;

function Select(props: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="whitespace-nowrap text-fg-muted">{props.label}</span>
      <select
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
        className={cx(inputClassName, 'w-36')}
      >
        <option value="">All</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Insights, 50 a page, sorted and paged on the server; of one config when `configId` is set. */
export function InsightsPanel({ configId }: { configId?: string }) {
  const [state, update] = useUrlState(insightsUrlSchema);
  const insights = useInsightsQuery(state, configId);
  const sortBy = state.sortBy ?? 'last_observed';
  const sortDesc = (state.sortOrder ?? 'desc') === 'desc';
  const onSort = (column: InsightSortColumn): void => {
    const desc = column === sortBy ? !sortDesc : false;
    const isDefault = column === 'last_observed' && desc;
    update({
      sortBy: isDefault ? undefined : column,
      sortOrder: isDefault ? undefined : desc ? 'desc' : 'asc',
      pageIndex: undefined,
    });
  };
  const filter = (key: 'status' | 'severity' | 'type') => (value: string) =>
    update({ [key]: value, pageIndex: undefined });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Select
          label="Status"
          value={state.status}
          options={statuses}
          onChange={filter('status')}
        />
        <Select
          label="Severity"
          value={state.severity}
          options={severities}
          onChange={filter('severity')}
        />
        <Select label="Type" value={state.type} options={types} onChange={filter('type')} />
      </div>
      {insights.isPending ? (
        <TableSkeleton label="Loading insights" />
      ) : insights.isError ? (
        <ErrorState message={insights.error.message} onRetry={() => void insights.refetch()} />
      ) : insights.data.data.length === 0 ? (
        <EmptyState title="No insights" description="No insight matches these filters." />
      ) : (
        <>
          <InsightsTable
            insights={insights.data.data}
            sortBy={sortBy}
            sortDesc={sortDesc}
            onSort={onSort}
            onOpen={(insight) => update({ insight })}
          />
          <Pagination
            pageIndex={state.pageIndex ?? 0}
            pageSize={state.pageSize ?? insightPageSize}
            total={insights.data.totalEntries}
            shown={insights.data.data.length}
            emptyText="No insights"
            onPage={(pageIndex) => update({ pageIndex: pageIndex === 0 ? undefined : pageIndex })}
          />
        </>
      )}
      {state.insight && (
        <InsightDialog id={state.insight} onClose={() => update({ insight: undefined })} />
      )}
    </div>
  );
}
