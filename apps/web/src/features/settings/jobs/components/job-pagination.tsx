import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../../ui/button.tsx';

export interface JobPaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number | undefined;
  shown: number;
  onPage: (pageIndex: number) => void;
}

/** Previous and next pages, with where this page sits in the exact count. */
export function JobPagination({ pageIndex, pageSize, total, shown, onPage }: JobPaginationProps) {
  const first = pageIndex * pageSize + 1;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = total === undefined ? shown === pageSize : first - 1 + shown < total;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
      <span className="text-fg-muted" aria-live="polite">
        {shown === 0
          ? 'No runs'
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
