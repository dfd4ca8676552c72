import { Star } from 'lucide-react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { formatCost } from '../model/catalog-format.ts';
import type { SummaryGroup, SummaryLine } from '../model/summary-groups.ts';
import { AnalysisCell } from './config-cells.tsx';
import { CountBadge } from './count-badge.tsx';
import { HealthBar } from './health-bar.tsx';

export interface SummaryTableProps {
  groups: readonly SummaryGroup[];
  /** Types can be pinned only when the rows are types. */
  favourites?: { types: readonly string[]; toggle: (type: string) => void };
  onOpen: (line: SummaryLine) => void;
}

const columns = ['Type', 'Count', 'Health', 'Analysis', 'Changes (30d)', 'Cost (30d)', 'Updated'];

/** Config counts by provider then type; a row opens the flat list of that type. */
export function SummaryTable({ groups, favourites, onOpen }: SummaryTableProps) {
  return (
    <div className="overflow-auto rounded-lg border border-border bg-surface">
      <table aria-label="Catalog summary" className="w-full text-left text-sm">
        <thead className="border-b border-border text-xs text-fg-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.provider} className="divide-y divide-border border-b border-border">
            <tr className="bg-surface-muted">
              <th
                scope="rowgroup"
                colSpan={columns.length}
                className="px-3 py-1.5 text-xs font-semibold"
              >
                {group.provider}{' '}
                <span className="font-normal">({group.count.toLocaleString('en-US')})</span>
              </th>
            </tr>
            {group.lines.map((line) => {
              const pinned = favourites?.types.includes(line.value) ?? false;
              return (
                <tr
                  key={line.key}
                  onClick={() => onOpen(line)}
                  className="cursor-pointer hover:bg-surface-muted"
                >
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-2">
                      {favourites && (
                        <button
                          type="button"
                          aria-pressed={pinned}
                          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${line.label}`}
                          title={pinned ? 'Unpin' : 'Pin as favourite'}
                          onClick={(event) => {
                            event.stopPropagation();
                            favourites.toggle(line.value);
                          }}
                          className={cx(
                            'rounded p-0.5',
                            pinned ? 'text-warning' : 'text-fg-muted hover:text-fg',
                            focusRing,
                          )}
                        >
                          <Star
                            aria-hidden="true"
                            className={cx('size-4', pinned ? 'fill-current' : '')}
                          />
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(line);
                        }}
                        className={cx('rounded text-left font-medium hover:underline', focusRing)}
                      >
                        {line.label}
                      </button>
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <CountBadge count={line.row.count} />
                  </td>
                  <td className="px-3 py-2">
                    <HealthBar health={line.row.health} />
                  </td>
                  <td className="px-3 py-2">
                    <AnalysisCell analysis={line.row.analysis} />
                  </td>
                  <td className="px-3 py-2">
                    {line.row.changes > 0 && <CountBadge count={line.row.changes} />}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {formatCost(line.row.cost_total_30d)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-fg-muted">
                    <RelativeTime value={line.row.updated_at} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
