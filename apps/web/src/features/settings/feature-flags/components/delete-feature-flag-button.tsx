import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { useDeleteFeatureFlag } from '../api/delete-feature-flag.ts';

/** Delete, after a confirmation, as users, agents, canaries and connections ask. */
export function DeleteFeatureFlagButton({
  name,
  onDeleted,
}: {
  name: string;
  onDeleted: () => void;
}) {
  const remove = useDeleteFeatureFlag();
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  return (
    <>
      <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      {confirming && (
        <Dialog
          open
          size="very-small"
          title="Delete Feature Flag"
          description={`Delete the feature flag ${name}?`}
          onOpenChange={closeOnDismiss(close)}
        >
          <DialogActions
            onCancel={close}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            confirmVariant="danger"
            pending={remove.isPending}
            onConfirm={() => void closeAfterSuccess(() => remove.mutateAsync(name), onDeleted)}
          />
        </Dialog>
      )}
    </>
  );
}
