import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from './button.tsx';
import { cx, focusRing } from './class-names.ts';

export interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  /** The exact count (Content-Range), when the server gave one. */
  total: number | undefined;
  /** Rows on this page. */
  shown: number;
  /** What the range says on an empty page, e.g. 'No runs'. */
  emptyText: string;
  onPage: (pageIndex: number) => void;
  /** With both, a Rows per page picker. */
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
}

/** Server-side paging: page size, previous and next, and where this page sits in the count. */
export function Pagination({
  pageIndex,
  pageSize,
  total,
  shown,
  emptyText,
  onPage,
  pageSizes,
  onPageSize,
}: PaginationProps) {
  const sizeId = useId();
  const first = pageIndex * pageSize + 1;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = total === undefined ? shown === pageSize : first - 1 + shown < total;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
      {pageSizes && onPageSize && (
        <>
          <label htmlFor={sizeId} className="text-fg-muted">
            Rows per page
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className={cx('h-7 rounded-md border border-border bg-surface px-2 text-xs', focusRing)}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </>
      )}
      <span className="text-fg-muted" aria-live="polite">
        {shown === 0
          ? emptyText
          : `${first}–${first + shown - 1}${total === undefined ? '' : ` of ${total}`}`}
      </span>
      <Button
        size="sm"
        label="Previous page"
        disabled={pageIndex === 0}
        onClick={() => onPage(pageIndex - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <span>
        Page {pageIndex + 1}
        {pages === undefined ? '' : ` of ${pages}`}
      </span>
      <Button size="sm" label="Next page" disabled={!hasNext} onClick={() => onPage(pageIndex + 1)}>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
