import {
  connectionWriteOf,
  defaultFormValues,
  formValuesOf,
  validateConnectionForm,
  type ConnectionRead,
  type ConnectionTypeDefinition,
  type FormValue,
} from '@vigil/domain';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { controlProps, FormField } from '@/ui/form-field.tsx';
import { useSaveConnection } from '../api/save-connection.ts';
import { ConnectionFields } from './connection-field.tsx';
import { ConnectionFormActions } from './connection-form-actions.tsx';

export interface ConnectionFormDialogProps {
  readonly definition: ConnectionTypeDefinition;
  /** The stored connection when editing; its static secrets come masked. */
  readonly existing?: ConnectionRead;
  readonly readOnly?: boolean;
  onBack: () => void;
  onClose: () => void;
}

/** The form of one connection type, generated from its field registry entry (spec 001 §3). */
export function ConnectionFormDialog({
  definition,
  existing,
  readOnly = false,
  onBack,
  onClose,
}: ConnectionFormDialogProps) {
  const nameId = useId();
  const namespaceId = useId();
  const [values, setValues] = useState(() =>
    existing ? formValuesOf(existing) : defaultFormValues(definition),
  );
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveConnection();
  const errors = submitted ? validateConnectionForm(definition, values) : {};
  const change = (key: string, value: FormValue) => setValues((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateConnectionForm(definition, values)).length > 0) return;
    const row = connectionWriteOf(definition.type, values, existing?.properties ?? {});
    save.mutate({ id: existing?.id, row }, { onSuccess: onClose });
  };

  const title = existing
    ? `Edit ${definition.label} Connection`
    : `Add ${definition.label} Connection`;
  return (
    <Dialog open size="medium" title={title} onOpenChange={closeOnDismiss(onClose)}>
      <form noValidate onSubmit={submit} aria-label={title} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Name *" htmlFor={nameId} error={errors.name}>
            <input
              {...controlProps(nameId, errors.name !== undefined)}
              value={String(values.name ?? '')}
              onChange={(event) => change('name', event.target.value)}
            />
          </FormField>
          <FormField label="Namespace *" htmlFor={namespaceId} error={errors.namespace}>
            <input
              {...controlProps(namespaceId, errors.namespace !== undefined)}
              value={String(values.namespace ?? '')}
              onChange={(event) => change('namespace', event.target.value)}
            />
          </FormField>
        </div>
        <ConnectionFields
          fields={definition.fields}
          values={values}
          errors={errors}
          onChange={change}
        />
        <ConnectionFormActions
          existingId={existing?.id}
          saving={save.isPending}
          readOnly={readOnly}
          onBack={onBack}
          onDeleted={onClose}
        />
      </form>
    </Dialog>
  );
}
