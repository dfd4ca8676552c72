import { agentPageSizes } from '@vigil/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../ui/button.tsx';
import { cx, focusRing } from '../../../ui/class-names.ts';

export interface AgentPaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number | undefined;
  shown: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Page size (50, 100 or 200, spec 000 §9), previous and next, and the exact count. */
export function AgentPagination({
  pageIndex,
  pageSize,
  total,
  shown,
  onPage,
  onPageSize,
}: AgentPaginationProps) {
  const sizeId = useId();
  const first = pageIndex * pageSize + 1;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = total === undefined ? shown === pageSize : first - 1 + shown < total;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
      <label htmlFor={sizeId} className="text-fg-muted">
        Rows per page
      </label>
      <select
        id={sizeId}
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        className={cx('h-7 rounded-md border border-border bg-surface px-2 text-xs', focusRing)}
      >
        {agentPageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span className="text-fg-muted" aria-live="polite">
        {shown === 0
          ? 'No agents'
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
