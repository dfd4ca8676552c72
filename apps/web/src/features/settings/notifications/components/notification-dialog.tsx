import { Controller, useForm } from 'react-hook-form';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, controlProps, inputClassName, textareaClassName } from '@/ui/form-field.tsx';
import { markServerErrors } from '@/ui/server-field-errors.ts';
import type { NotificationRow } from '../api/notifications-query.ts';
import { useDeleteNotification, useSaveNotification } from '../api/save-notification.ts';
import {
  defaultTemplate,
  knownEvents,
  recipientKindOf,
  toBody,
  type NotificationFormValues,
} from '../model/notification-form.ts';
import { EventsField } from './events-field.tsx';
import { RecipientFields } from './recipient-fields.tsx';

type MarkedField = 'title' | 'events' | 'filter' | 'template' | 'repeatInterval' | 'recipients';

/** The form control that shows each API field; every recipient column goes to the tabs. */
const markedFields = new Map<string, MarkedField>([
  ['title', 'title'],
  ['events', 'events'],
  ['filter', 'filter'],
  ['template', 'template'],
  ['repeat_interval', 'repeatInterval'],
  ['recipient', 'recipients'],
  ['person_id', 'recipients'],
  ['team_id', 'recipients'],
  ['custom_services', 'recipients'],
]);
const formFieldOf = (apiField: string): MarkedField | undefined =>
  markedFields.get(apiField.split(/[.[]/)[0] ?? '');

function toValues(row: NotificationRow | undefined): NotificationFormValues {
  return {
    title: row?.title ?? '',
    events: row ? knownEvents(row.events) : ['check.failed'],
    filter: row?.filter ?? '',
    template: row?.template ?? defaultTemplate,
    repeatInterval: row?.repeat_interval ?? '',
    recipients: {
      recipient: row ? recipientKindOf(row) : 'others',
      personId: row?.person_id ?? '',
      teamId: row?.team_id ?? '',
      services: row?.custom_services ?? [],
    },
  };
}

export function NotificationDialog({
  row,
  canWrite,
  onClose,
}: {
  row: NotificationRow | undefined;
  canWrite: boolean;
  onClose: () => void;
}) {
  const editable = canWrite && !isManagedElsewhere(row?.source);
  const save = useSaveNotification();
  const remove = useDeleteNotification();
  const { register, control, handleSubmit, formState, setError } = useForm<NotificationFormValues>({
    defaultValues: toValues(row),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row?.id, body: toBody(values, row === undefined) });
    } catch (error) {
      // The query client toasts the message; the field it names is marked as well.
      markServerErrors(error, formFieldOf, (field, message) => setError(field, { message }));
      return;
    }
    onClose();
  });
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      size="large"
      title={row ? 'Edit Notification' : 'Add Notification'}
      description={
        editable || !row ? undefined : `Managed by ${row.source ?? 'another source'}: read-only.`
      }
    >
      <form
        id="notification-form"
        noValidate
        className="space-y-3"
        onSubmit={(event) => void submit(event).catch(() => undefined)}
      >
        <FormField label="Title" htmlFor="notification-title" error={errors.title?.message}>
          <input
            id="notification-title"
            className={inputClassName}
            disabled={!editable}
            {...register('title')}
          />
        </FormField>
        <Controller
          control={control}
          name="events"
          rules={{ validate: (events) => events.length > 0 }}
          render={({ field }) => (
            <EventsField
              value={field.value}
              onChange={field.onChange}
              error={errors.events !== undefined}
              disabled={!editable}
            />
          )}
        />
        <FormField
          label="Filter (CEL)"
          htmlFor="notification-filter"
          error={errors.filter?.message}
        >
          <input
            id="notification-filter"
            className={inputClassName}
            placeholder='check.labels.team == "sre"'
            disabled={!editable}
            {...register('filter')}
          />
        </FormField>
        <FormField
          label="Template (markdown)"
          htmlFor="notification-template"
          {...(errors.template ? { error: errors.template.message || 'Template is required' } : {})}
        >
          <textarea
            id="notification-template"
            rows={4}
            className={textareaClassName}
            disabled={!editable}
            {...register('template', { validate: (text) => text.trim() !== '' })}
          />
        </FormField>
        <FormField
          label="Repeat interval"
          htmlFor="notification-repeat"
          error={errors.repeatInterval?.message}
        >
          <input
            {...controlProps('notification-repeat', errors.repeatInterval !== undefined)}
            placeholder="e.g. 30m, 4h, 1d"
            disabled={!editable}
            {...register('repeatInterval')}
          />
        </FormField>
        <Controller
          control={control}
          name="recipients"
          render={({ field }) => (
            <RecipientFields
              value={field.value}
              onChange={field.onChange}
              disabled={!editable}
              error={errors.recipients?.message}
            />
          )}
        />
        {editable ? (
          <DialogActions
            className="pt-2"
            onCancel={onClose}
            confirmLabel={row ? 'Update' : 'Save'}
            pendingLabel="Saving..."
            pending={save.isPending}
          >
            {row && (
              <Button
                variant="danger"
                className="mr-auto"
                disabled={remove.isPending}
                onClick={() => void closeAfterSuccess(() => remove.mutateAsync(row.id), onClose)}
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            )}
          </DialogActions>
        ) : (
          <div className="flex justify-end pt-2">
            <Button onClick={onClose}>Close</Button>
          </div>
        )}
      </form>
    </Dialog>
  );
}
