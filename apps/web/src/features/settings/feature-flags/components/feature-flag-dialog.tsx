import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Property } from '@/lib/session/session-schemas.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, inputClassName, textareaClassName } from '@/ui/form-field.tsx';
import { useCreateFeatureFlag } from '../api/create-feature-flag.ts';
import type { FeatureFlagInput } from '../api/feature-flag-input.ts';
import { useUpdateFeatureFlag } from '../api/update-feature-flag.ts';
import { DeleteFeatureFlagButton } from './delete-feature-flag-button.tsx';

export const missingDetailsMessage = 'please provide all details';
export const localFlagMessage = 'Cannot edit local feature flags';

export interface FeatureFlagDialogProps {
  /** The flag to edit; a flag without created_at (or none) is created. */
  flag: Property | undefined;
  canWrite: boolean;
  onClose: () => void;
}

function toInput(flag: Property | undefined): FeatureFlagInput {
  return { name: flag?.name ?? '', value: flag?.value ?? '', description: flag?.description ?? '' };
}

function dialogTitle(isLocal: boolean, isUpdate: boolean): string {
  if (isLocal) return 'Local Feature Flag';
  return isUpdate ? 'Edit Feature Flag' : 'Add Feature Flag';
}

export function FeatureFlagDialog({ flag, canWrite, onClose }: FeatureFlagDialogProps) {
  const isUpdate = typeof flag?.created_at === 'string' && flag.created_at !== '';
  const isLocal = flag?.source === 'local';
  const readOnly = isLocal || !canWrite;
  const create = useCreateFeatureFlag();
  const update = useUpdateFeatureFlag();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FeatureFlagInput>({ defaultValues: toInput(flag) });
  const saving = create.isPending || update.isPending;
  const required = { validate: (value: string) => value.trim() !== '' };

  const save = handleSubmit(async (input) => {
    const mutation = isUpdate ? update : create;
    await mutation.mutateAsync(input);
    onClose();
  });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    if (isLocal) {
      event.preventDefault();
      toast.error(localFlagMessage);
      return;
    }
    void save(event).catch(() => {
      // The query client toasts the server's message.
    });
  };

  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title={dialogTitle(isLocal, isUpdate)}
      description={isLocal ? 'Local feature flags are read-only.' : undefined}
    >
      <form id="feature-flag-form" onSubmit={submit} noValidate className="space-y-3">
        <fieldset disabled={readOnly} className="space-y-3">
          <FormField label="Name" htmlFor="flag-name">
            <input
              id="flag-name"
              className={inputClassName}
              readOnly={isUpdate || isLocal}
              {...register('name', required)}
            />
          </FormField>
          <FormField label="Value" htmlFor="flag-value">
            <input id="flag-value" className={inputClassName} {...register('value', required)} />
          </FormField>
          <FormField label="Description" htmlFor="flag-description">
            <textarea
              id="flag-description"
              rows={3}
              className={textareaClassName}
              {...register('description')}
            />
          </FormField>
        </fieldset>
        {(errors.name !== undefined || errors.value !== undefined) && (
          <p role="alert" className="text-xs text-unhealthy">
            {missingDetailsMessage}
          </p>
        )}
        {canWrite && (
          <DialogActions
            className="pt-2"
            onCancel={onClose}
            confirmLabel={isUpdate ? 'Update' : 'Save'}
            pendingLabel="Saving..."
            pending={saving}
          >
            {isUpdate && !isLocal && flag !== undefined && (
              <DeleteFeatureFlagButton name={flag.name} onDeleted={onClose} />
            )}
          </DialogActions>
        )}
      </form>
    </Dialog>
  );
}
