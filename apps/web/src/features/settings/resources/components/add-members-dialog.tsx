import { useState } from 'react';
import { Dialog } from '@/ui/dialog.tsx';
import { Button } from '@/ui/button.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import {
  personLabel,
  useAddTeamMembers,
  usePeopleQuery,
  type Person,
} from '../api/team-members-query.ts';

/** Spec 002 §9: user names are truncated to 50 characters in pickers. */
const shown = (person: Person): string => {
  const label = personLabel(person);
  return label.length > 50 ? `${label.slice(0, 50)}…` : label;
};

/** 'Add Members': a multi-select of the people not yet in the team. */
export function AddMembersDialog({
  teamId,
  memberIds,
  onClose,
}: {
  teamId: string;
  memberIds: readonly string[];
  onClose: () => void;
}) {
  const people = usePeopleQuery();
  const add = useAddTeamMembers(teamId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const candidates = (people.data ?? []).filter((person) => !memberIds.includes(person.id));
  const needle = filter.trim().toLowerCase();
  const listed = candidates.filter(
    (person) =>
      needle === '' ||
      personLabel(person).toLowerCase().includes(needle) ||
      (person.email ?? '').toLowerCase().includes(needle),
  );
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onOpenChange={closeOnDismiss(onClose)} title="Add Members" size="small">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const selected = candidates.filter((person) => chosen.has(person.id));
          if (selected.length === 0) return;
          void closeAfterSuccess(() => add.mutateAsync(selected), onClose);
        }}
      >
        <input
          type="search"
          aria-label="Filter people"
          placeholder="Filter people"
          className={inputClassName}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {people.isPending && <Skeleton className="h-32 w-full" />}
        {people.isSuccess && candidates.length === 0 && (
          <p className="text-sm text-fg-muted">Everyone is already in this team.</p>
        )}
        {listed.length > 0 && (
          <fieldset className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-border p-2">
            <legend className="sr-only">People to add</legend>
            {listed.map((person) => (
              <label
                key={person.id}
                className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted"
              >
                <input
                  type="checkbox"
                  checked={chosen.has(person.id)}
                  onChange={() => toggle(person.id)}
                />
                <span className="truncate">{shown(person)}</span>
                {person.email && person.name && (
                  <span className="truncate text-xs text-fg-muted">{person.email}</span>
                )}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={add.isPending || chosen.size === 0}>
            {add.isPending ? 'Adding…' : chosen.size > 1 ? `Add ${chosen.size} members` : 'Add'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
