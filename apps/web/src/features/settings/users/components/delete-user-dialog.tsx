import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import type { User } from '../api/users-query.ts';

export interface DeleteUserDialogProps {
  user: User;
  onClose: () => void;
}

export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  const confirm = async (): Promise<void> => {
    try {
      await deleteUser.mutateAsync(user.id);
      onClose();
    } catch {
      // The query client toasts the server's message.
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete User"
      size="very-small"
      description={`Are you sure you want to delete ${user.name || user.email}? Their sessions end at once.`}
    >
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={deleteUser.isPending} onClick={() => void confirm()}>
          {deleteUser.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
