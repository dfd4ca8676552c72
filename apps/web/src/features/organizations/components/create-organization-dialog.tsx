import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { FormField, controlProps } from '@/ui/form-field.tsx';
import { useCreateOrganization } from '../api/use-organization-mutations.ts';
import { organizationNameSchema } from '../api/organization-schemas.ts';
import { orgsSwitchedPath } from '../routes.tsx';

export interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create-organization in a modal (spec 000 §2.2); the new organisation becomes active. */
export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateOrganization();

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const parsed = organizationNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        onOpenChange(false);
        setName('');
        void navigate(orgsSwitchedPath);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create organization">
      <form className="space-y-4 p-5" onSubmit={submit} noValidate>
        <FormField label="Name" htmlFor={id} error={error}>
          <input
            {...controlProps(id, error !== undefined)}
            value={name}
            autoComplete="organization"
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          confirmLabel="Create organization"
          pendingLabel="Creating..."
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
