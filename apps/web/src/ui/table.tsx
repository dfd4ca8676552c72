import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';
import { cx } from './class-names.ts';

/**
 * For a column (its header and its cells) that a narrow table hides rather than scrolls to:
 * shown once the table's box is 1280 px wide (at 1440 px with the sidebar open it is not).
 */
export const hiddenWhenNarrow = 'hidden @7xl:table-cell';

/** A header, or a header with classes for its cell (e.g. `hiddenWhenNarrow`). */
export type TableColumn = string | { label: string; className: string };

export interface TableProps {
  label: string;
  columns: readonly TableColumn[];
  children: ReactNode;
}

/** A dense data table; rows come as children so each page keeps its own cells. */
export function Table({ label, columns, children }: TableProps) {
  return (
    <div className="@container overflow-auto rounded-lg border border-border bg-surface">
      <table aria-label={label} className="key-column w-full text-left text-sm">
        {/* Muted text on the muted surface is under AA contrast (4.3:1); on the surface it passes. */}
        <thead className="border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {columns.map((column) => {
              const { label: text, className } =
                typeof column === 'string' ? { label: column, className: '' } : column;
              return (
                <th
                  key={text}
                  scope="col"
                  className={cx('px-3 py-2 font-medium whitespace-nowrap', className)}
                >
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export function TableCell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cx('px-3 py-2 align-middle', className)}>{children}</td>;
}

export function TableSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className="space-y-2 rounded-lg border border-border p-3"
    >
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-6 w-full" />
      ))}
    </div>
  );
}
