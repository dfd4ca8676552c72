import { Trash2 } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { User } from '../api/users-query.ts';

const columns = ['Name', 'Email', 'Roles', 'State', 'Created At', 'Actions'] as const;

export interface UsersTableProps {
  users: readonly User[];
  canDelete: boolean;
  onDelete: (user: User) => void;
  /** The person a search result or a shared link points at: marked and scrolled into view. */
  selectedId?: string | null;
}

export function UsersTable({ users, canDelete, onDelete, selectedId }: UsersTableProps) {
  return (
    <Table label="Users" columns={columns}>
      {users.map((user) => (
        <tr
          key={user.id}
          aria-current={user.id === selectedId ? 'true' : undefined}
          className={user.id === selectedId ? 'bg-accent/10' : undefined}
          ref={
            user.id === selectedId ? (row) => row?.scrollIntoView?.({ block: 'center' }) : undefined
          }
        >
          <TableCell className="font-medium">{user.name}</TableCell>
          <TableCell>{user.email}</TableCell>
          <TableCell>
            <ul className="flex flex-wrap gap-1">
              {user.roles.map((role) => (
                <li key={role} className="rounded bg-surface-muted px-1.5 py-0.5 text-xs">
                  {role}
                </li>
              ))}
            </ul>
          </TableCell>
          <TableCell>{user.state}</TableCell>
          <TableCell>
            <RelativeTime value={user.createdAt} />
          </TableCell>
          <TableCell>
            {canDelete && (
              <Button
                variant="ghost"
                size="icon"
                label={`Delete ${user.name || user.email}`}
                onClick={() => onDelete(user)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )}
          </TableCell>
        </tr>
      ))}
    </Table>
  );
}
