import { useForm } from 'react-hook-form';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { errorIdFor, FormField, inputClassName } from '../../../../ui/form-field.tsx';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { isRole } from '../api/user-role.ts';
import type { User } from '../api/users-query.ts';
import { RoleOptions } from './role-options.tsx';

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
    try {
      await updateRole.mutateAsync({ id: user.id, name: user.name || user.email, role });
      onClose();
    } catch {
      // The query client toasts the server's message.
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Add Role to User"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <FormField label="User" htmlFor="role-user" error={errors.userId?.message}>
          <select
            id="role-user"
            className={inputClassName}
            aria-invalid={errors.userId !== undefined}
            aria-describedby={errors.userId === undefined ? undefined : errorIdFor('role-user')}
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
        <FormField label="Role" htmlFor="role-role" error={errors.role?.message}>
          <select
            id="role-role"
            className={inputClassName}
            aria-invalid={errors.role !== undefined}
            aria-describedby={errors.role === undefined ? undefined : errorIdFor('role-role')}
            {...register('role', { required: 'Please select any role' })}
          >
            <RoleOptions />
          </select>
        </FormField>
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={updateRole.isPending}>
            {updateRole.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
