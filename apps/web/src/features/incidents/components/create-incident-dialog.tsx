import {
  incidentDefaults,
  incidentSeverities,
  incidentStatuses,
  incidentTypes,
} from '@vigil/domain';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, controlProps, textareaClassName } from '@/ui/form-field.tsx';
import { useCreateIncident, type NewIncident } from '../api/create-incident.ts';
import { Options } from './select-options.tsx';

export interface CreateIncidentDialogProps {
  onClose: () => void;
  /** The component to link (the topology parameter). */
  componentId?: string | undefined;
  /** Called with the new id instead of opening the incident. */
  onCreated?: (id: string) => void;
}

type Form = Omit<NewIncident, 'componentId'>;

/** 'Create New Incident' (spec 002 §2, §5): title and severity required, the rest defaulted. */
export function CreateIncidentDialog({
  onClose,
  componentId,
  onCreated,
}: CreateIncidentDialogProps) {
  const navigate = useNavigate();
  const create = useCreateIncident();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form>({
    defaultValues: { title: '', description: '', ...incidentDefaults },
  });
  const submit = handleSubmit(async (form) => {
    const id = await create.mutateAsync({ ...form, componentId });
    onClose();
    if (onCreated) onCreated(id);
    else void navigate(`/incidents/${id}`);
  });
  const required = (message: string) => ({
    validate: (value: string) => value.trim() !== '' || message,
  });
  return (
    <Dialog open onOpenChange={closeOnDismiss(onClose)} title="Create New Incident" size="medium">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => void submit(event).catch(() => undefined)}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Type" htmlFor="incident-type" error={errors.type?.message}>
            <select
              {...controlProps('incident-type', errors.type !== undefined)}
              {...register('type', required('Type is required'))}
            >
              <Options values={incidentTypes} />
            </select>
          </FormField>
          <FormField label="Severity" htmlFor="incident-severity" error={errors.severity?.message}>
            <select
              {...controlProps('incident-severity', errors.severity !== undefined)}
              {...register('severity', required('Severity is required'))}
            >
              <Options values={incidentSeverities} />
            </select>
          </FormField>
        </div>
        <FormField label="Title" htmlFor="incident-title" error={errors.title?.message}>
          <input
            {...controlProps('incident-title', errors.title !== undefined)}
            {...register('title', required('Title is required'))}
          />
        </FormField>
        <FormField label="Description" htmlFor="incident-description">
          <textarea
            id="incident-description"
            rows={4}
            className={textareaClassName}
            {...register('description')}
          />
        </FormField>
        <FormField label="Status" htmlFor="incident-status" error={errors.status?.message}>
          <select
            {...controlProps('incident-status', errors.status !== undefined)}
            {...register('status', required('Status is required'))}
          >
            <Options values={incidentStatuses} />
          </select>
        </FormField>
        <DialogActions
          className="pt-2"
          onCancel={onClose}
          confirmLabel="Create"
          pendingLabel="Creating..."
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
