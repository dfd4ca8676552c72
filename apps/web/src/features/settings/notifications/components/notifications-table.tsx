import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { NotificationRow } from '../api/notifications-query.ts';

const columns = [
  'Title',
  'Events',
  'Recipients',
  'Source',
  'Sent',
  'Failed',
  'Pending',
  'Avg Duration',
  'Created',
  'Updated',
  'Created By',
] as const;

function recipients(row: NotificationRow): string {
  if (row.person) return row.person.name;
  if (row.team) return `Team ${row.team.name}`;
  return (row.custom_services ?? []).map((s) => s.name).join(', ');
}

export function NotificationsTable({
  rows,
  onOpen,
}: {
  rows: readonly NotificationRow[];
  onOpen: (row: NotificationRow) => void;
}) {
  return (
    <Table label="Notifications" columns={columns}>
      {rows.map((row) => (
        <tr
          key={row.id}
          className="cursor-pointer hover:bg-surface-muted"
          onClick={() => onOpen(row)}
        >
          <TableCell className="font-medium">
            <button type="button" className={cx('rounded text-left', focusRing)}>
              {row.title ?? '(no title)'}
            </button>
          </TableCell>
          <TableCell>
            <span className="text-xs">{row.events.join(', ')}</span>
          </TableCell>
          <TableCell>{recipients(row)}</TableCell>
          <TableCell>{row.source ?? ''}</TableCell>
          <TableCell className="tabular-nums">{row.sent}</TableCell>
          <TableCell className={cx('tabular-nums', row.failed > 0 && 'text-unhealthy')}>
            <span title={row.most_common_error ?? undefined}>{row.failed}</span>
          </TableCell>
          <TableCell className="tabular-nums">{row.pending}</TableCell>
          <TableCell className="tabular-nums">
            {row.avg_duration_ms === null ? '' : `${Math.round(row.avg_duration_ms)} ms`}
          </TableCell>
          <TableCell>
            <RelativeTime value={row.created_at} />
          </TableCell>
          <TableCell>
            <RelativeTime value={row.updated_at} />
          </TableCell>
          <TableCell>{row.created_by?.name ?? ''}</TableCell>
        </tr>
      ))}
    </Table>
  );
}
