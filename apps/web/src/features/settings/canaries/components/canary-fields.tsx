import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { controlProps, FormField } from '@/ui/form-field.tsx';
import { scheduleOptions, type CanaryFormValues } from '../model/canary-form-values.ts';
import { requiredMessage } from '../model/check-fields.ts';
import { parseLabelsJson } from '../model/labels-json.ts';
import { LazyJsonEditor } from './lazy-json-editor.tsx';

export interface CanaryFieldsProps {
  register: UseFormRegister<CanaryFormValues>;
  control: Control<CanaryFormValues>;
  errors: FieldErrors<CanaryFormValues>;
  /** Name and namespace are fixed once the canary exists (spec 002 §4). */
  isEdit: boolean;
  /** A read-only canary shows its name as text (spec 002 §4). */
  readOnly: boolean;
  currentName: string;
  currentSchedule: string;
}

const required = (value: string): true | string => value.trim() !== '' || requiredMessage;

const validLabels = (value: string): true | string => {
  const parsed = parseLabelsJson(value);
  return parsed.ok || parsed.message;
};

/** The canary's own fields: name, icon, namespace, schedule and labels (spec 002 §2). */
export function CanaryFields({
  register,
  control,
  errors,
  isEdit,
  readOnly,
  currentName,
  currentSchedule,
}: CanaryFieldsProps) {
  const schedules: readonly string[] = scheduleOptions.some((s) => s === currentSchedule)
    ? scheduleOptions
    : [currentSchedule, ...scheduleOptions];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {readOnly ? (
        <div className="space-y-1">
          <p className="text-sm font-medium">Name</p>
          <p className="flex h-9 items-center text-sm">{currentName}</p>
        </div>
      ) : (
        <FormField label="Name *" htmlFor="canary-name" error={errors.name?.message}>
          <input
            {...controlProps('canary-name', errors.name !== undefined)}
            disabled={isEdit}
            {...register('name', { validate: required })}
          />
        </FormField>
      )}
      <FormField label="Icon" htmlFor="canary-icon">
        <input {...controlProps('canary-icon', false)} {...register('icon')} />
      </FormField>
      <FormField label="Namespace *" htmlFor="canary-namespace" error={errors.namespace?.message}>
        <input
          {...controlProps('canary-namespace', errors.namespace !== undefined)}
          disabled={isEdit}
          {...register('namespace', { validate: required })}
        />
      </FormField>
      <FormField label="Schedule" htmlFor="canary-schedule" error={errors.schedule?.message}>
        {/* Controlled, so that the choice shown always matches the options just rendered. */}
        <select
          {...controlProps('canary-schedule', errors.schedule !== undefined)}
          {...register('schedule')}
          value={currentSchedule}
        >
          {schedules.map((schedule) => (
            <option key={schedule} value={schedule}>
              {schedule === '' ? 'None (Run Now only)' : schedule}
            </option>
          ))}
        </select>
      </FormField>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="labels"
          rules={{ validate: validLabels }}
          render={({ field, fieldState }) => (
            // CodeMirror's text is not a form control a <label for> can name.
            <div className="space-y-1">
              <p id="canary-labels-label" className="text-sm font-medium">
                Labels
              </p>
              <LazyJsonEditor
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                readOnly={readOnly}
                labelledBy="canary-labels-label"
                invalid={fieldState.error !== undefined}
                describedBy={fieldState.error === undefined ? undefined : 'canary-labels-error'}
              />
              {fieldState.error !== undefined && (
                <p id="canary-labels-error" role="alert" className="text-xs text-unhealthy">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />
      </div>
    </div>
  );
}
