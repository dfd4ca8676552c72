import { useForm } from 'react-hook-form';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { controlProps, FormField } from '@/ui/form-field.tsx';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { isRole } from '../api/user-role.ts';
import type { User } from '../api/users-query.ts';
import { RoleField, roleRequired } from './role-field.tsx';

const maxNameLength = 50;

function truncate(text: string): string {
  return text.length > maxNameLength ? `${text.slice(0, maxNameLength)}...` : text;
}

interface AddRoleForm {
  userId: string;
  role: string;
}

export interface AddRoleDialogProps {
  users: readonly User[];
  onClose: () => void;
}

export function AddRoleDialog({ users, onClose }: AddRoleDialogProps) {
  const updateRole = useUpdateUserRole();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddRoleForm>({ defaultValues: { userId: '', role: '' } });

  const submit = handleSubmit(async ({ userId, role }) => {
    const user = users.find((candidate) => candidate.id === userId);
    if (user === undefined || !isRole(role)) return;
    // Add, as the dialog says: the user keeps the roles they hold.
    const roles = [...new Set([...user.roles, role])];
    await closeAfterSuccess(
      () => updateRole.mutateAsync({ id: user.id, name: user.name || user.email, roles }),
      onClose,
    );
  });

  return (
    <Dialog open onOpenChange={closeOnDismiss(onClose)} title="Add Role to User">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <FormField label="User" htmlFor="role-user" error={errors.userId?.message}>
          <select
            {...controlProps('role-user', errors.userId !== undefined)}
            {...register('userId', { required: 'Please select any user' })}
          >
            <option value="">Select a user</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {truncate(user.name || user.email)}
              </option>
            ))}
          </select>
        </FormField>
        <RoleField
          id="role-role"
          error={errors.role}
          registration={register('role', roleRequired)}
        />
        <DialogActions
          className="pt-2"
          onCancel={onClose}
          confirmLabel="Save"
          pendingLabel="Saving..."
          pending={updateRole.isPending}
        />
      </form>
    </Dialog>
  );
}
