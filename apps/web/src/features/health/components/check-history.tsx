import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { inputClassName } from '@/ui/form-field.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import {
  historyPageSize,
  useCheckHistory,
  type HistoryFilter,
} from '../api/check-history-query.ts';
import { formatLatency } from '../model/check-metrics.ts';
import { parseDurationFilter } from '../model/duration-filter.ts';

export interface CheckHistoryProps {
  checkId: string;
  /** Start of the window as data API date math (`now-1h`), from the modal's time range. */
  since: string;
}

export function CheckHistory({ checkId, since }: CheckHistoryProps) {
  const [status, setStatus] = useState<HistoryFilter['status']>('all');
  const [durationText, setDurationText] = useState('');
  // A new window starts again at its first page.
  const [page, setPage] = useState({ since, index: 0 });
  const pageIndex = page.since === since ? page.index : 0;
  const setPageIndex = (index: number) => setPage({ since, index });
  const duration = parseDurationFilter(durationText);
  const minDurationMs = 'ms' in duration ? duration.ms : null;
  const history = useCheckHistory(checkId, { since, status, minDurationMs, pageIndex });
  const total = history.data?.totalEntries ?? 0;
  const pages = Math.max(1, Math.ceil(total / historyPageSize));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-3 text-sm">
        <label className="flex items-center gap-2">
          Status
          <select
            value={status}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(value === 'passed' || value === 'failed' ? value : 'all');
              setPageIndex(0);
            }}
            className={`${inputClassName} w-auto`}
          >
            <option value="all">All</option>
            <option value="passed">Passed</option>
            <option value="failed">Failed</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>Duration at least</span>
          <input
            value={durationText}
            placeholder="e.g. 500ms or 2s"
            aria-invalid={'error' in duration}
            onChange={(event) => {
              setDurationText(event.target.value);
              setPageIndex(0);
            }}
            className={`${inputClassName} w-40`}
          />
          {'error' in duration && (
            <span role="alert" className="text-xs text-unhealthy">
              {duration.error}
            </span>
          )}
        </label>
      </div>
      {history.isPending ? (
        <TableSkeleton label="Loading history" />
      ) : history.isError || history.data.data.length === 0 ? (
        <EmptyState />
      ) : (
        <Table label="Status history" columns={['Time', 'Status', 'Duration', 'Message']}>
          {history.data.data.map((row) => (
            <tr key={row.time}>
              <TableCell>{new Date(row.time).toLocaleString()}</TableCell>
              <TableCell>{row.status ? 'Passed' : 'Failed'}</TableCell>
              <TableCell>{formatLatency(row.duration)}</TableCell>
              <TableCell className="max-w-md truncate">{row.error ?? row.message ?? ''}</TableCell>
            </tr>
          ))}
        </Table>
      )}
      <div className="flex items-center justify-end gap-2 text-sm">
        <Button
          variant="secondary"
          size="sm"
          disabled={pageIndex === 0}
          onClick={() => setPageIndex(pageIndex - 1)}
        >
          Previous
        </Button>
        <span>
          Page {pageIndex + 1} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={pageIndex + 1 >= pages}
          onClick={() => setPageIndex(pageIndex + 1)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
