import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import type { Evidence } from '../api/incident-schemas.ts';

export const selectEvidenceMessage = 'Please select atleast one evidence';

export interface ContributingFactorsDialogProps {
  evidences: readonly Evidence[];
  pending: boolean;
  /** Marks the chosen evidence definition of done, then saves the status. */
  onSubmit: (evidenceIds: string[]) => void;
  /** Saves the status without marking anything. */
  onSkip: () => void;
  onCancel: () => void;
}

export function evidenceLabel(evidence: Evidence): string {
  return (
    evidence.description ??
    evidence.component?.name ??
    evidence.check?.name ??
    evidence.config?.name ??
    evidence.type
  );
}

/** Asked before mitigated or resolved (spec 002 §4): submit, skip or cancel. */
export function ContributingFactorsDialog(props: ContributingFactorsDialogProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string>();
  const candidates = props.evidences.filter((e) => !e.definition_of_done);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    setError(undefined);
  };
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(props.onCancel)}
      title="Add contributing factors to definition of done"
      size="medium"
    >
      <div className="space-y-3">
        {candidates.length === 0 ? (
          <p className="text-sm text-fg-muted">
            There are no evidences which are not part of definition of done
          </p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-auto">
            {candidates.map((evidence) => (
              <li key={evidence.id}>
                <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    checked={chosen.has(evidence.id)}
                    onChange={() => toggle(evidence.id)}
                  />
                  <span className="text-xs font-medium uppercase">{evidence.type}</span>
                  {evidenceLabel(evidence)}
                </label>
              </li>
            ))}
          </ul>
        )}
        {error !== undefined && (
          <p role="alert" className="text-xs text-unhealthy">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={props.onCancel}>Cancel</Button>
          <Button onClick={props.onSkip} disabled={props.pending}>
            Skip
          </Button>
          <Button
            variant="primary"
            disabled={props.pending}
            onClick={() => {
              if (chosen.size === 0) setError(selectEvidenceMessage);
              else props.onSubmit([...chosen]);
            }}
          >
            Submit
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
