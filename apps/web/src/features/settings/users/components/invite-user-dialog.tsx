import { useForm } from 'react-hook-form';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { errorIdFor, FormField, inputClassName } from '../../../../ui/form-field.tsx';
import { isRole } from '../api/user-role.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { CopyLink } from './copy-link.tsx';
import { RoleOptions } from './role-options.tsx';

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteForm {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

function describedBy(id: string, hasError: boolean): string | undefined {
  return hasError ? errorIdFor(id) : undefined;
}

export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteForm>({ defaultValues: { firstName: '', lastName: '', email: '', role: '' } });
  const recoveryLink = invite.data?.recovery_link;

  const submit = handleSubmit(async ({ firstName, lastName, email, role }) => {
    if (!isRole(role)) return;
    await invite
      .mutateAsync({ firstName: firstName.trim(), lastName: lastName.trim(), email, role })
      .catch(() => {
        // The query client toasts the server's message.
      });
  });

  const close = (open: boolean): void => {
    if (!open) onClose();
  };

  if (invite.isSuccess) {
    return (
      <Dialog open onOpenChange={close} title="Invite User">
        <div className="space-y-3 text-sm">
          <p>The user was invited. Send them this link to set their password:</p>
          {recoveryLink !== undefined && recoveryLink !== null && (
            <CopyLink label="Recovery link" link={recoveryLink} />
          )}
          <div className="flex justify-end">
            <Button variant="primary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  const field = (id: string, hasError: boolean) => ({
    id,
    className: inputClassName,
    'aria-invalid': hasError,
    'aria-describedby': describedBy(id, hasError),
  });

  return (
    <Dialog open onOpenChange={close} title="Invite User">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <FormField label="First Name" htmlFor="invite-first-name" error={errors.firstName?.message}>
          <input
            {...field('invite-first-name', errors.firstName !== undefined)}
            {...register('firstName', {
              validate: (value) => value.trim() !== '' || 'Please provide valid first name',
            })}
          />
        </FormField>
        <FormField label="Last Name" htmlFor="invite-last-name" error={errors.lastName?.message}>
          <input
            {...field('invite-last-name', errors.lastName !== undefined)}
            {...register('lastName', {
              validate: (value) => value.trim() !== '' || 'Please provide valid last name',
            })}
          />
        </FormField>
        <FormField label="Email" htmlFor="invite-email" error={errors.email?.message}>
          <input
            type="email"
            {...field('invite-email', errors.email !== undefined)}
            {...register('email', {
              required: 'Please provide valid email',
              pattern: {
                value: emailPattern,
                message: 'Entered value does not match email format',
              },
            })}
          />
        </FormField>
        <FormField label="Role" htmlFor="invite-role" error={errors.role?.message}>
          <select
            {...field('invite-role', errors.role !== undefined)}
            {...register('role', { required: 'Please select any role' })}
          >
            <RoleOptions />
          </select>
        </FormField>
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting...' : 'Invite'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
