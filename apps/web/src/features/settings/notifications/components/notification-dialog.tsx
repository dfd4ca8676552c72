import { Controller, useForm } from 'react-hook-form';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, inputClassName, textareaClassName } from '@/ui/form-field.tsx';
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
  const { register, control, handleSubmit, formState } = useForm<NotificationFormValues>({
    defaultValues: toValues(row),
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ id: row?.id, body: toBody(values, row === undefined) });
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
        <FormField label="Title" htmlFor="notification-title">
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
              error={formState.errors.events !== undefined}
              disabled={!editable}
            />
          )}
        />
        <FormField label="Filter (CEL)" htmlFor="notification-filter">
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
          {...(formState.errors.template ? { error: 'Template is required' } : {})}
        >
          <textarea
            id="notification-template"
            rows={4}
            className={textareaClassName}
            disabled={!editable}
            {...register('template', { validate: (text) => text.trim() !== '' })}
          />
        </FormField>
        <FormField label="Repeat interval" htmlFor="notification-repeat">
          <input
            id="notification-repeat"
            className={inputClassName}
            placeholder="e.g. 30m, 4h, 1d"
            disabled={!editable}
            {...register('repeatInterval')}
          />
        </FormField>
        <Controller
          control={control}
          name="recipients"
          render={({ field }) => (
            <RecipientFields value={field.value} onChange={field.onChange} disabled={!editable} />
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
