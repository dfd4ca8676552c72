import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef, type UIEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ConfigRow } from '../api/catalog-schemas.ts';
import type { CatalogSortColumn } from '../model/catalog-url-state.ts';
import type { CellFilters } from './config-cells.tsx';
import { ConfigTableRow, type RowActions } from './config-row.tsx';
import { SortButton } from '@/ui/sort-button.tsx';

/** Spec 001 §9: rows estimated at 37 px, 20 rows of overscan, next page within 300 px. */
export const rowEstimate = 37;
export const overscan = 20;
export const loadMoreWithin = 300;

// Fixed column widths (what the widest common values need, padding included): with
// `table-layout: fixed` a row entering the window lays out alone, and no column jumps.
const columns: ReadonlyArray<readonly [string, CatalogSortColumn | undefined, number]> = [
  ['Name', 'name', 288],
  ['Type', 'type', 240],
  ['Status', 'status', 112],
  ['Changes', 'changes', 88],
  ['Tags', undefined, 336],
  ['Analysis', undefined, 112],
  ['Cost', 'cost_total_30d', 88],
  ['Created', 'created_at', 128],
  ['Updated', 'updated_at', 128],
  ['Deleted At', 'deleted_at', 112],
  ['Changed', undefined, 128],
];

export interface ConfigsTableProps extends CellFilters {
  rows: readonly ConfigRow[];
  now: number;
  sortBy: CatalogSortColumn;
  sortDesc: boolean;
  onSort: (column: CatalogSortColumn) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The flat catalog: only the rows on screen are in the DOM, so 100k items scroll like 50. */
export function ConfigsTable(props: ConfigsTableProps) {
  const { rows, now, sortBy, sortDesc, onSort, hasMore, loadingMore, onLoadMore } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const actions = useRowActions(props);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders on scroll by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowEstimate,
    overscan,
  });
  // Only the range matters: every scroll event re-renders this, and an unchanged range skips rows.
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    const box = event.currentTarget;
    const left = box.scrollHeight - box.scrollTop - box.clientHeight;
    if (left <= loadMoreWithin && hasMore && !loadingMore) onLoadMore();
  };
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      data-testid="configs-scroller"
      className="max-h-[calc(100vh-14rem)] min-h-48 overflow-auto rounded-lg border border-border bg-surface [contain:content]"
    >
      <table
        aria-label="Catalog"
        aria-rowcount={rows.length + 1}
        className="w-full table-fixed text-left text-sm"
      >
        <colgroup>
          {columns.map(([label, , width]) => (
            <col key={label} style={{ width }} />
          ))}
        </colgroup>
        <TableHead sortBy={sortBy} sortDesc={sortDesc} onSort={onSort} />
        <TableBody rows={rows} first={first} last={last} now={now} actions={actions} />
      </table>
      {loadingMore && (
        <p role="status" className="px-3 py-2 text-xs text-fg-muted">
          Loading more…
        </p>
      )}
    </div>
  );
}

/** Row actions that keep their identity while the page's callbacks change with its state. */
function useRowActions(props: CellFilters): RowActions {
  const navigate = useNavigate();
  const latest = useRef({ ...props, navigate });
  useLayoutEffect(() => {
    latest.current = { ...props, navigate };
  });
  return useMemo(
    () => ({
      onType: (type, include) => latest.current.onType(type, include),
      onStatus: (status, include) => latest.current.onStatus(status, include),
      onTag: (key, value, include) => latest.current.onTag(key, value, include),
      onOpen: (id) => void latest.current.navigate(`/catalog/${id}`),
    }),
    [],
  );
}

interface TableBodyProps {
  rows: readonly ConfigRow[];
  first: number;
  last: number;
  now: number;
  actions: RowActions;
}

/** Rows first..last between two spacers; rows are a fixed 37 px, so nothing is measured. */
const TableBody = memo(function TableBody({ rows, first, last, now, actions }: TableBodyProps) {
  const shown = rows.slice(first, last + 1);
  const before = first * rowEstimate;
  const after = Math.max(0, rows.length - 1 - last) * rowEstimate;
  return (
    <tbody className="divide-y divide-border">
      {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
      {shown.map((config, offset) => (
        <ConfigTableRow
          key={config.id}
          config={config}
          index={first + offset}
          now={now}
          actions={actions}
        />
      ))}
      {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
    </tbody>
  );
});

interface TableHeadProps {
  sortBy: CatalogSortColumn;
  sortDesc: boolean;
  onSort: (column: CatalogSortColumn) => void;
}

const TableHead = memo(function TableHead({ sortBy, sortDesc, onSort }: TableHeadProps) {
  return (
    <thead className="sticky top-0 z-10 border-b border-border bg-surface text-xs text-fg-muted uppercase">
      <tr>
        {columns.map(([label, column]) => {
          const active = column !== undefined && sortBy === column;
          return (
            <th
              key={label}
              scope="col"
              aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : undefined}
              className="px-3 py-2 font-medium whitespace-nowrap"
            >
              {column === undefined ? (
                label
              ) : (
                <SortButton
                  label={label}
                  active={active}
                  descending={sortDesc}
                  onClick={() => onSort(column)}
                />
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});
