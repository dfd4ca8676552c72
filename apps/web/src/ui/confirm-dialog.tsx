import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from './dialog-close.ts';

export interface ConfirmDialogProps {
  title: string;
  /** What happens, in one or two sentences: names the thing and says what cannot be undone. */
  message: ReactNode;
  /** Runs on confirm; the dialog closes once it resolves and stays open if it throws. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  pending: boolean;
  confirmLabel?: string;
  pendingLabel?: string;
  /** Destructive by default: deleting is what most confirmations guard. */
  variant?: 'danger' | 'primary';
}

/** The one confirmation dialog (docs/ui.md); mount it only while it is open. */
export function ConfirmDialog({
  title,
  message,
  onConfirm,
  onClose,
  pending,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  variant = 'danger',
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      size="very-small"
      onOpenChange={closeOnDismiss(onClose)}
      title={title}
      description={message}
    >
      <DialogActions
        onCancel={onClose}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        confirmVariant={variant}
        onConfirm={() => void closeAfterSuccess(onConfirm, onClose)}
      />
    </Dialog>
  );
}
