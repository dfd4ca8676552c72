import { ShieldPlus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { QueryList } from '@/ui/query-list.tsx';
import { useUsersQuery, type User } from '../api/users-query.ts';
import { AddRoleDialog } from '../components/add-role-dialog.tsx';
import { DeleteUserDialog } from '../components/delete-user-dialog.tsx';
import { InviteUserDialog } from '../components/invite-user-dialog.tsx';
import { UsersTable } from '../components/users-table.tsx';

type OpenDialog = { kind: 'invite' } | { kind: 'role' } | { kind: 'delete'; user: User } | null;

export function UsersPage() {
  usePageTitle('Users');
  const users = useUsersQuery();
  const canWriteIdentities = usePermission(['identities'], 'write');
  const canWriteRbac = usePermission(['rbac'], 'write');
  // ?invite=true (the first run's link) opens the invitation form.
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    searchParams.get('invite') === 'true' ? { kind: 'invite' } : null,
  );
  const close = (): void => setDialog(null);

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="users-heading" className="text-lg font-semibold">
          Users
        </h1>
        <div className="flex gap-2">
          {canWriteRbac && (
            <Button onClick={() => setDialog({ kind: 'role' })}>
              <ShieldPlus aria-hidden="true" className="size-4" />
              Add Role to User
            </Button>
          )}
          {canWriteIdentities && (
            <Button variant="primary" onClick={() => setDialog({ kind: 'invite' })}>
              <UserPlus aria-hidden="true" className="size-4" />
              Invite User
            </Button>
          )}
        </div>
      </div>
      <QueryList
        query={users}
        loadingLabel="Loading users"
        errorTitle="Could not load the users"
        empty={{
          description: 'Invite people by email; their role decides what they can see and change.',
        }}
      >
        {(loadedUsers) => (
          <UsersTable
            users={loadedUsers}
            canDelete={canWriteIdentities}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
            selectedId={searchParams.get('id')}
          />
        )}
      </QueryList>
      {dialog?.kind === 'invite' && canWriteIdentities && <InviteUserDialog onClose={close} />}
      {dialog?.kind === 'role' && <AddRoleDialog users={users.data ?? []} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
    </section>
  );
}
