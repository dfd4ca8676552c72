import { useForm } from 'react-hook-form';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { controlProps, FormField } from '@/ui/form-field.tsx';
import { isRole } from '../api/user-role.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { CopyLink } from './copy-link.tsx';
import { RoleField, roleRequired } from './role-field.tsx';

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteForm {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
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

  const close = closeOnDismiss(onClose);

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

  return (
    <Dialog open onOpenChange={close} title="Invite User">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <FormField label="First Name" htmlFor="invite-first-name" error={errors.firstName?.message}>
          <input
            {...controlProps('invite-first-name', errors.firstName !== undefined)}
            {...register('firstName', {
              validate: (value) => value.trim() !== '' || 'Please provide valid first name',
            })}
          />
        </FormField>
        <FormField label="Last Name" htmlFor="invite-last-name" error={errors.lastName?.message}>
          <input
            {...controlProps('invite-last-name', errors.lastName !== undefined)}
            {...register('lastName', {
              validate: (value) => value.trim() !== '' || 'Please provide valid last name',
            })}
          />
        </FormField>
        <FormField label="Email" htmlFor="invite-email" error={errors.email?.message}>
          <input
            type="email"
            {...controlProps('invite-email', errors.email !== undefined)}
            {...register('email', {
              required: 'Please provide valid email',
              pattern: {
                value: emailPattern,
                message: 'Entered value does not match email format',
              },
            })}
          />
        </FormField>
        <RoleField
          id="invite-role"
          error={errors.role}
          registration={register('role', roleRequired)}
        />
        <DialogActions
          className="pt-2"
          onCancel={onClose}
          confirmLabel="Invite"
          pendingLabel="Inviting..."
          pending={invite.isPending}
        />
      </form>
    </Dialog>
  );
}
