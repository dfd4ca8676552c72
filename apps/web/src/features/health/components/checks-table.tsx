import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CheckRow as Row } from '../model/check-rows.ts';
import { grownPageSize } from '../model/check-rows.ts';
import type { SortColumn } from '../model/check-sort.ts';
import { CheckRow, GroupRow } from './check-row.tsx';
import { SortButton } from '@/ui/sort-button.tsx';

const columns: ReadonlyArray<readonly [string, SortColumn | null]> = [
  ['Checks', 'name'],
  ['Health', 'health'],
  ['Last runs', null],
  ['Uptime', 'uptime'],
  ['Latency', 'latency'],
  ['Transition', 'transition'],
];
const rowHeight = 36;

export interface ChecksTableProps {
  rows: readonly Row[];
  grouped: boolean;
  /** When the data was fetched; ages are measured from it. */
  now: number;
  sortBy: SortColumn;
  sortDesc: boolean;
  onSort: (column: SortColumn, desc: boolean) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  onOpen: (id: string) => void;
}

/** Only the rows on screen are in the DOM, so 5,000 checks scroll like 50. */
export function ChecksTable(props: ChecksTableProps) {
  const { rows, grouped, now, sortBy, sortDesc, onSort, pageSize, onPageSize, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const shown = Math.min(rows.length, pageSize);
  // No React Compiler here: the virtualizer re-renders this component on scroll by design.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: shown,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    const next = grownPageSize(pageSize, last, rows.length);
    if (next !== pageSize) onPageSize(next);
  }, [last, pageSize, rows.length, onPageSize]);

  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scroller}
      className="max-h-[calc(100vh-13rem)] min-h-48 overflow-auto rounded-lg border border-border bg-surface"
    >
      <table
        aria-label="Checks"
        aria-rowcount={rows.length + 1}
        className="w-full text-left text-sm"
      >
        <thead className="sticky top-0 z-10 border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {columns.map(([label, column]) => {
              if (column === null) {
                return (
                  <th key={label} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {label}
                  </th>
                );
              }
              const active = sortBy === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : 'none'}
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  <SortButton
                    label={label}
                    active={active}
                    descending={sortDesc}
                    onClick={() => onSort(column, active ? !sortDesc : false)}
                  />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return row.kind === 'group' ? (
              <GroupRow key={row.key} group={row.group} />
            ) : (
              <CheckRow
                key={row.key}
                check={row.check}
                now={now}
                onOpen={onOpen}
                indent={grouped}
              />
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
