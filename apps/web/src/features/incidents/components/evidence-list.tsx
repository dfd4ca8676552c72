import { Trash2 } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import type { Evidence } from '../api/incident-schemas.ts';
import { evidenceLabel } from './contributing-factors-dialog.tsx';

export interface EvidenceListProps {
  evidences: readonly Evidence[];
  canWrite: boolean;
  onToggleDefinitionOfDone: (evidence: Evidence) => void;
  onDelete: (evidence: Evidence) => void;
}

/** A hypothesis's evidence ('No Evidence' when empty, spec 002 §2). */
export function EvidenceList({
  evidences,
  canWrite,
  onToggleDefinitionOfDone,
  onDelete,
}: EvidenceListProps) {
  if (evidences.length === 0) return <p className="text-xs text-fg-muted">No Evidence</p>;
  return (
    <ul className="space-y-1">
      {evidences.map((evidence) => (
        <li
          key={evidence.id}
          className="flex items-center gap-2 rounded border border-border bg-surface px-2 py-1 text-sm"
        >
          <span className="rounded bg-surface-muted px-1.5 text-[11px] text-fg uppercase">
            {evidence.type}
          </span>
          <span className="min-w-0 flex-1 truncate">{evidenceLabel(evidence)}</span>
          <label className="flex items-center gap-1 text-xs text-fg-muted">
            <input
              type="checkbox"
              disabled={!canWrite}
              checked={evidence.definition_of_done}
              onChange={() => onToggleDefinitionOfDone(evidence)}
            />
            Definition of done
          </label>
          {canWrite && (
            <Button
              variant="ghost"
              size="icon"
              label={`Delete evidence ${evidenceLabel(evidence)}`}
              onClick={() => onDelete(evidence)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
