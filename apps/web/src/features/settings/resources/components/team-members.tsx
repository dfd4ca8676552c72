import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import {
  personLabel,
  useRemoveTeamMember,
  useTeamMembersQuery,
} from '../api/team-members-query.ts';
import { AddMembersDialog } from './add-members-dialog.tsx';

/** The manageTeam tab (spec 002 §2 "Team tab"): members with remove, and Add Members. */
export function TeamMembers({ teamId, canWrite }: { teamId: string; canWrite: boolean }) {
  const members = useTeamMembersQuery(teamId);
  const remove = useRemoveTeamMember(teamId);
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">Members</h2>
        {canWrite && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add Members
          </Button>
        )}
      </div>
      {members.isPending && <TableSkeleton label="Loading team members" rows={3} />}
      {members.isError && (
        <ErrorState
          title="Could not load the team members"
          message={members.error.message}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.isSuccess &&
        (members.data.length === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState title="You haven't added any team members to the team yet." />
          </div>
        ) : (
          <ul
            aria-label="Team members"
            className="divide-y divide-border rounded-lg border border-border bg-surface"
          >
            {members.data.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-muted text-xs font-medium"
                  >
                    {personLabel(member).slice(0, 1).toUpperCase()}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">
                      {personLabel(member)}
                    </span>
                    {member.email && (
                      <span className="block truncate text-xs text-fg-muted">{member.email}</span>
                    )}
                  </span>
                </span>
                {canWrite && (
                  <Button
                    variant="ghost"
                    size="icon"
                    label={`Remove ${personLabel(member)}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(member)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      {adding && members.isSuccess && (
        <AddMembersDialog
          teamId={teamId}
          memberIds={members.data.map((member) => member.id)}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
