import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { ChangeListRow } from '@/features/catalog/api/changes-query.ts';
import { SeverityBadge } from '../severity-badge.tsx';

export interface ChangesTableProps {
  changes: readonly ChangeListRow[];
  onOpen: (id: string) => void;
  onChip: (param: 'source' | 'created_by' | 'external_created_by', value: string) => void;
}

/** Changes newest first; a row opens the change-detail dialog. */
export function ChangesTable({ changes, onOpen, onChip }: ChangesTableProps) {
  return (
    <Table
      label="Changes"
      columns={[
        'Catalog',
        'Change',
        'Summary',
        'Severity',
        'Source',
        'Created By',
        'Count',
        'First Observed',
        'Created',
      ]}
    >
      {changes.map((change) => (
        <tr
          key={change.id}
          onClick={() => onOpen(change.id)}
          className={cx(
            'cursor-pointer hover:bg-surface-muted',
            change.deleted_at ? 'text-fg-muted' : '',
          )}
        >
          <TableCell className="max-w-64">
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(change.id);
              }}
              className={cx('block max-w-full truncate rounded text-left font-medium', focusRing)}
            >
              {change.name ?? change.config_id}
            </button>
            <span className="block truncate text-xs text-fg-muted">{change.type}</span>
          </TableCell>
          <TableCell className="whitespace-nowrap">{change.change_type}</TableCell>
          <TableCell className="max-w-96 truncate">{change.summary}</TableCell>
          <TableCell>
            <SeverityBadge severity={change.severity} />
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {change.source && (
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onChip('source', change.source ?? '');
                }}
                className={cx('rounded hover:underline', focusRing)}
              >
                {change.source}
              </button>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">{change.creator}</TableCell>
          <TableCell className="tabular-nums">{change.count}</TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            <RelativeTime value={change.first_observed} />
          </TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            <RelativeTime value={change.created_at} />
          </TableCell>
        </tr>
      ))}
    </Table>
  );
}
