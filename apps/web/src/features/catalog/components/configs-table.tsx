import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useRef, type UIEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { ConfigRow } from '../api/catalog-schemas.ts';
import type { CatalogSortColumn } from '../model/catalog-url-state.ts';
import {
  AnalysisCell,
  ChangesCell,
  CostCell,
  NameCell,
  TagsCell,
  type CellFilters,
} from './config-cells.tsx';
import { CellFilter } from './cell-filter.tsx';

/** Spec 001 §9: rows estimated at 37 px, 20 rows of overscan, next page within 300 px. */
export const rowEstimate = 37;
export const overscan = 20;
export const loadMoreWithin = 300;

const columns: ReadonlyArray<readonly [string, CatalogSortColumn | undefined, string]> = [
  ['Name', 'name', 'min-w-64'],
  ['Type', 'type', 'min-w-44'],
  ['Status', 'status', 'min-w-28'],
  ['Changes', 'changes', ''],
  ['Tags', undefined, 'min-w-48'],
  ['Analysis', undefined, 'min-w-28'],
  ['Cost', 'cost_total_30d', ''],
  ['Created', 'created_at', ''],
  ['Updated', 'updated_at', ''],
  ['Deleted At', 'deleted_at', ''],
  ['Changed', undefined, ''],
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
  const navigate = useNavigate();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders on scroll by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowEstimate,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
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
      className="max-h-[calc(100vh-14rem)] min-h-48 overflow-auto rounded-lg border border-border bg-surface"
    >
      <table
        aria-label="Catalog"
        aria-rowcount={rows.length + 1}
        className="w-full text-left text-sm"
      >
        <thead className="sticky top-0 z-10 border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {columns.map(([label, column, width]) => {
              const active = column !== undefined && sortBy === column;
              return (
                <th
                  key={label}
                  scope="col"
                  aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : undefined}
                  className={cx('px-3 py-2 font-medium whitespace-nowrap', width)}
                >
                  {column === undefined ? (
                    label
                  ) : (
                    <button
                      type="button"
                      className={cx(
                        'inline-flex items-center gap-1 uppercase hover:text-fg',
                        focusRing,
                      )}
                      onClick={() => onSort(column)}
                    >
                      {label}
                      {active &&
                        (sortDesc ? (
                          <ArrowDown aria-hidden="true" className="size-3" />
                        ) : (
                          <ArrowUp aria-hidden="true" className="size-3" />
                        ))}
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const config = rows[item.index];
            if (config === undefined) return null;
            return (
              <tr
                key={config.id}
                data-index={item.index}
                onClick={() => void navigate(`/catalog/${config.id}`)}
                className={cx(
                  'h-[37px] cursor-pointer hover:bg-surface-muted',
                  config.deleted_at ? 'text-fg-muted' : '',
                )}
              >
                <td className="max-w-96 px-3 py-1.5">
                  <Link
                    to={`/catalog/${config.id}`}
                    onClick={(event) => event.stopPropagation()}
                    className={cx('block rounded', focusRing)}
                  >
                    <NameCell config={config} now={now} />
                  </Link>
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  <CellFilter
                    label={`type ${config.type}`}
                    onFilter={(include) => props.onType(config.type, include)}
                  >
                    {config.type}
                  </CellFilter>
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  {config.status && (
                    <CellFilter
                      label={`status ${config.status}`}
                      onFilter={(include) => props.onStatus(config.status ?? '', include)}
                    >
                      {config.status}
                    </CellFilter>
                  )}
                </td>
                <td className="px-3 py-1.5">
                  <ChangesCell count={config.changes} />
                </td>
                <td className="px-3 py-1.5">
                  <TagsCell tags={config.tags} onTag={props.onTag} />
                </td>
                <td className="px-3 py-1.5">
                  <AnalysisCell analysis={config.analysis} />
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  <CostCell config={config} />
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap text-fg-muted">
                  <RelativeTime value={config.created_at} />
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap text-fg-muted">
                  <RelativeTime value={config.updated_at} />
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap text-fg-muted">
                  <RelativeTime value={config.deleted_at} />
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap text-fg-muted">
                  {config.changes ? <RelativeTime value={config.updated_at} /> : null}
                </td>
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
      {loadingMore && (
        <p role="status" className="px-3 py-2 text-xs text-fg-muted">
          Loading more…
        </p>
      )}
    </div>
  );
}
