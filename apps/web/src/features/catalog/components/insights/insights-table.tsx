import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { ConfigInsight } from '@/features/catalog/api/catalog-schemas.ts';
import type { InsightSortColumn } from '@/features/catalog/model/insights-url-state.ts';
import { SeverityBadge } from '../severity-badge.tsx';
import { SortButton } from '@/ui/sort-button.tsx';

const columns: ReadonlyArray<readonly [string, InsightSortColumn]> = [
  ['Catalog', 'config'],
  ['Type', 'analysis_type'],
  ['Analyzer', 'analyzer'],
  ['Severity', 'severity'],
  ['Status', 'status'],
  ['First Observed', 'first_observed'],
  ['Last Observed', 'last_observed'],
];

export interface InsightsTableProps {
  insights: readonly ConfigInsight[];
  sortBy: InsightSortColumn;
  sortDesc: boolean;
  onSort: (column: InsightSortColumn) => void;
  onOpen: (id: string) => void;
}

/** The spec's insight columns, each sortable on the server. */
export function InsightsTable({ insights, sortBy, sortDesc, onSort, onOpen }: InsightsTableProps) {
  return (
    <div className="overflow-auto rounded-lg border border-border bg-surface">
      <table aria-label="Insights" className="w-full text-left text-sm">
        <thead className="border-b border-border text-xs text-fg-muted uppercase">
          <tr>
            {columns.map(([label, column]) => {
              const active = column === sortBy;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : undefined}
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  <SortButton
                    label={label}
                    active={active}
                    descending={sortDesc}
                    onClick={() => onSort(column)}
                  />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {insights.map((insight) => (
            <tr
              key={insight.id}
              onClick={() => onOpen(insight.id)}
              className="cursor-pointer hover:bg-surface-muted"
            >
              <td className="max-w-64 px-3 py-2">
                <Link
                  to={`/catalog/${insight.config_id}`}
                  onClick={(event) => event.stopPropagation()}
                  className={cx('block truncate rounded font-medium hover:underline', focusRing)}
                >
                  {insight.config?.name ?? insight.config_id}
                </Link>
                <span className="block truncate text-xs text-fg-muted">{insight.config?.type}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{insight.analysis_type}</td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(insight.id);
                  }}
                  className={cx('rounded text-left hover:underline', focusRing)}
                >
                  {insight.analyzer}
                </button>
              </td>
              <td className="px-3 py-2">
                <SeverityBadge severity={insight.severity} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{insight.status}</td>
              <td className="px-3 py-2 whitespace-nowrap text-fg-muted">
                <RelativeTime value={insight.first_observed} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-fg-muted">
                <RelativeTime value={insight.last_observed} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
