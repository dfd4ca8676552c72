import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { useDeleteCanary } from '../api/delete-canary.ts';

export interface DeleteCanaryButtonProps {
  id: string;
  name: string;
  onDeleted: () => void;
}

/** Delete, after a confirmation; a soft delete that retires the canary's checks. */
export function DeleteCanaryButton({ id, name, onDeleted }: DeleteCanaryButtonProps) {
  const remove = useDeleteCanary();
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      {confirming && (
        <Dialog
          open
          size="very-small"
          title="Delete Health Check"
          description={`Delete ${name} and retire its checks?`}
          onOpenChange={closeOnDismiss(close)}
        >
          <DialogActions
            onCancel={close}
            confirmLabel="Delete"
            pendingLabel="Deleting…"
            confirmVariant="danger"
            pending={remove.isPending}
            onConfirm={() => {
              remove.mutate(
                { id, name },
                {
                  onSuccess: () => {
                    close();
                    onDeleted();
                  },
                },
              );
            }}
          />
        </Dialog>
      )}
    </>
  );
}
