import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { EventQueueSummary } from '../api/event-queue-summary-query.ts';

const columns = [
  'Name',
  'Pending Count',
  'Error Count',
  'Average Attempts',
  'First Failed At',
  'Last Failed At',
] as const;

const attemptsFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export interface EventQueueTableProps {
  rows: readonly EventQueueSummary[];
  /** Called for rows with a most common error (spec 002 §2). */
  onOpenError: (row: EventQueueSummary) => void;
}

export function EventQueueTable({ rows, onOpenError }: EventQueueTableProps) {
  return (
    <Table label="Event queue" columns={columns}>
      {rows.map((row) => {
        const opens = Boolean(row.most_common_error);
        return (
          <tr
            key={row.name}
            className={cx(opens && 'cursor-pointer hover:bg-surface-muted')}
            onClick={opens ? () => onOpenError(row) : undefined}
          >
            <TableCell className="font-medium">
              {opens ? (
                <button
                  type="button"
                  className={cx('rounded text-left', focusRing)}
                  aria-label={`${row.name}: show the most common error`}
                >
                  {row.name}
                </button>
              ) : (
                row.name
              )}
            </TableCell>
            <TableCell className="tabular-nums">{row.pending}</TableCell>
            <TableCell className={cx('tabular-nums', row.failed > 0 && 'text-unhealthy')}>
              {row.failed}
            </TableCell>
            <TableCell className="tabular-nums">
              {row.average_attempts === null || row.average_attempts === undefined
                ? ''
                : attemptsFormat.format(row.average_attempts)}
            </TableCell>
            <TableCell>
              <RelativeTime value={row.first_failure} />
            </TableCell>
            <TableCell>
              <RelativeTime value={row.last_failure} />
            </TableCell>
          </tr>
        );
      })}
    </Table>
  );
}
