import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import type { User } from '../api/users-query.ts';

export interface DeleteUserDialogProps {
  user: User;
  onClose: () => void;
}

export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  const confirm = () => closeAfterSuccess(() => deleteUser.mutateAsync(user.id), onClose);

  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title="Delete User"
      size="very-small"
      description={`Are you sure you want to delete ${user.name || user.email}? Their sessions end at once.`}
    >
      <DialogActions
        onCancel={onClose}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteUser.isPending}
        confirmVariant="danger"
        onConfirm={() => void confirm()}
      />
    </Dialog>
  );
}
