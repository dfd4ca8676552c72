import { hypothesisStatuses } from '@vigil/domain';
import { useState } from 'react';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { Button } from '@/ui/button.tsx';
import { FormField, controlProps } from '@/ui/form-field.tsx';
import { Options } from './select-options.tsx';

export interface CreateHypothesisDialogProps {
  kind: string;
  pending: boolean;
  onCreate: (title: string, status: string) => Promise<unknown>;
  onClose: () => void;
}

/** Title and State; the selector shows likely first (spec 002 §4). */
export function CreateHypothesisDialog({
  kind,
  pending,
  onCreate,
  onClose,
}: CreateHypothesisDialogProps) {
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState('likely');
  const [error, setError] = useState<string>();
  return (
    <Dialog open onOpenChange={closeOnDismiss(onClose)} title={`Create ${kind}`}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim() === '') {
            setError('Title is required');
            return;
          }
          void onCreate(title.trim(), status).then(onClose, () => undefined);
        }}
      >
        <FormField label="Title" htmlFor="hypothesis-title" error={error}>
          <input
            {...controlProps('hypothesis-title', error !== undefined)}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </FormField>
        <FormField label="State" htmlFor="hypothesis-state">
          <select
            {...controlProps('hypothesis-state', false)}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <Options values={hypothesisStatuses} />
          </select>
        </FormField>
        <DialogActions
          className="pt-2"
          onCancel={onClose}
          confirmLabel="Create"
          pendingLabel="Creating..."
          pending={pending}
        />
      </form>
    </Dialog>
  );
}

export interface RemoveHypothesisDialogProps {
  title: string;
  onDisprove: () => void;
  onDelete: () => void;
  onClose: () => void;
}

/** Disprove keeps the node marked disproven; Delete removes it with its comments and evidence. */
export function RemoveHypothesisDialog({
  title,
  onDisprove,
  onDelete,
  onClose,
}: RemoveHypothesisDialogProps) {
  return (
    <Dialog
      open
      size="very-small"
      onOpenChange={closeOnDismiss(onClose)}
      title="Delete or disprove hypothesis"
      description={`“${title}”: deleting also removes its comments and evidence.`}
    >
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button
          onClick={() => {
            onDisprove();
            onClose();
          }}
        >
          Disprove Hypothesis
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onDelete();
            onClose();
          }}
        >
          Delete Hypothesis
        </Button>
      </div>
    </Dialog>
  );
}
