import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import type { User } from '../api/users-query.ts';

export interface DeleteUserDialogProps {
  user: User;
  onClose: () => void;
}

export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDialog
      title="Delete User"
      message={`Are you sure you want to delete ${user.name || user.email}? Their sessions end at once.`}
      pending={deleteUser.isPending}
      onConfirm={() => deleteUser.mutateAsync(user.id)}
      onClose={onClose}
    />
  );
}
