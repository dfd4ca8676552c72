import { CheckCircle2, Circle, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { useUpdateEvidence } from '../api/evidence-mutations.ts';
import type { Evidence, IncidentDetail } from '../api/incident-schemas.ts';
import { definitionOfDone } from '../model/hypothesis-tree.ts';
import { AddDefinitionOfDoneDialog } from './add-definition-of-done-dialog.tsx';
import { evidenceLabel } from './contributing-factors-dialog.tsx';
import { EditDefinitionOfDoneDialog } from './edit-definition-of-done-dialog.tsx';
import { SideSection } from './side-section.tsx';

function MenuItem({ label, onSelect }: { label: string; onSelect: () => void }) {
  return (
    <button
      role="menuitem"
      type="button"
      className="w-full px-3 py-1.5 text-left text-sm hover:bg-surface-muted"
      onClick={onSelect}
    >
      {label}
    </button>
  );
}

function ItemMenu({
  evidence,
  onEdit,
  onToggle,
  onRemove,
}: {
  evidence: Evidence;
  onEdit: () => void;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  const label = evidenceLabel(evidence);
  return (
    <div className="relative">
      <Button
        variant="ghost"
        size="icon"
        label={`Actions for ${label}`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </Button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-10 w-48 rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          <MenuItem label="Edit" onSelect={() => choose(onEdit)} />
          {evidence.type === 'comment' && (
            <MenuItem
              label={evidence.done ? 'Mark as not resolved' : 'Mark as resolved'}
              onSelect={() => choose(onToggle)}
            />
          )}
          <MenuItem label="Remove" onSelect={() => choose(onRemove)} />
        </div>
      )}
    </div>
  );
}

/** Definition of done (spec 002 §2, §4): items, the done toggle after confirmation, and Add. */
export function DefinitionOfDoneSection({
  incident,
  canWrite,
  open,
  onToggle,
  onRefresh,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
  open: boolean;
  onToggle: () => void;
  onRefresh: () => void;
}) {
  const items = definitionOfDone(incident.hypotheses);
  const update = useUpdateEvidence();
  const [confirming, setConfirming] = useState<Evidence>();
  const [editing, setEditing] = useState<Evidence>();
  const [adding, setAdding] = useState(false);
  return (
    <SideSection
      id="definition-of-done"
      title="Definition of done"
      open={open}
      onToggle={onToggle}
      count={items.length}
      onRefresh={onRefresh}
    >
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">There are no evidences provided for this incident</p>
      ) : (
        <ul aria-label="Definition of done" className="space-y-1">
          {items.map((evidence) => (
            <li key={evidence.id} className="flex items-center gap-2 text-sm">
              {evidence.done ? (
                <CheckCircle2 aria-label="Resolved" className="size-4 shrink-0 text-healthy" />
              ) : (
                <Circle aria-label="Not resolved" className="size-4 shrink-0 text-fg-muted" />
              )}
              <span className="min-w-0 flex-1 truncate">{evidenceLabel(evidence)}</span>
              {evidence.script && (
                <code className="hidden truncate text-[11px] text-fg-muted xl:block">
                  {evidence.script}
                </code>
              )}
              {canWrite && (
                <ItemMenu
                  evidence={evidence}
                  onEdit={() => setEditing(evidence)}
                  onToggle={() => setConfirming(evidence)}
                  onRemove={() =>
                    update.mutate({ id: evidence.id, patch: { definition_of_done: false } })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <button
          type="button"
          className="mt-2 text-sm text-accent hover:underline"
          onClick={() => setAdding(true)}
        >
          Add definition of done
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming.done ? 'Mark as not resolved' : 'Mark as resolved'}
          message={`“${evidenceLabel(confirming)}” will be marked ${confirming.done ? 'not resolved' : 'resolved'}.`}
          variant="primary"
          confirmLabel="Confirm"
          pendingLabel="Saving..."
          pending={update.isPending}
          onClose={() => setConfirming(undefined)}
          onConfirm={() =>
            update.mutateAsync({ id: confirming.id, patch: { done: !confirming.done } })
          }
        />
      )}
      {editing && (
        <EditDefinitionOfDoneDialog evidence={editing} onClose={() => setEditing(undefined)} />
      )}
      {adding && <AddDefinitionOfDoneDialog incident={incident} onClose={() => setAdding(false)} />}
    </SideSection>
  );
}
