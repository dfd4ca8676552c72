import { connectionTypeDefinition } from '@vigil/domain';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { ConnectionListItem } from '../api/connections-query.ts';
import { connectionIcon } from '@/ui/connection-icons.ts';

const columns = ['Name', 'Namespace', 'Type', 'Created By', 'Created', 'Updated'] as const;

/** Spec 001 §2: the connections table; a row (or its name) opens the edit form. */
export function ConnectionsTable({
  connections,
  onOpen,
}: {
  connections: readonly ConnectionListItem[];
  onOpen: (id: string) => void;
}) {
  return (
    <Table label="Connections" columns={columns}>
      {connections.map((connection) => {
        const Icon = connectionIcon(connection.type);
        return (
          <tr
            key={connection.id}
            onClick={() => onOpen(connection.id)}
            className="cursor-pointer hover:bg-surface-muted"
          >
            <TableCell className="font-medium whitespace-nowrap">
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(connection.id);
                }}
                className={cx('inline-flex items-center gap-2 hover:underline', focusRing)}
              >
                <Icon aria-hidden="true" className="size-4 text-fg-muted" />
                {connection.name}
              </button>
            </TableCell>
            <TableCell>{connection.namespace}</TableCell>
            <TableCell>{connectionTypeDefinition(connection.type).label}</TableCell>
            <TableCell>{connection.created_by?.name ?? ''}</TableCell>
            <TableCell className="whitespace-nowrap">
              {connection.created_at ? <RelativeTime value={connection.created_at} /> : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {connection.updated_at ? <RelativeTime value={connection.updated_at} /> : null}
            </TableCell>
          </tr>
        );
      })}
    </Table>
  );
}
