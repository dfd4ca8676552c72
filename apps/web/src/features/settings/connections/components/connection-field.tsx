import type { ConnectionFormValues, FormField, FormValue } from '@vigil/domain';
import { useId } from 'react';
import { controlProps, FormField as Field, textareaClassName } from '@/ui/form-field.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { SecretSourceInput } from './secret-source-input.tsx';

export interface ConnectionFieldProps {
  readonly field: FormField;
  readonly values: ConnectionFormValues;
  readonly errors: Readonly<Record<string, string>>;
  onChange: (key: string, value: FormValue) => void;
}

const labelOf = (label: string, required: boolean | undefined) =>
  required === true ? `${label} *` : label;

/** One field of a connection type's form, by its kind (spec 001 §3). */
export function ConnectionField({ field, values, errors, onChange }: ConnectionFieldProps) {
  const id = useId();
  const text = (key: string) => String(values[key] ?? '');
  switch (field.kind) {
    case 'GroupField':
      return (
        <fieldset className="space-y-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-medium">{field.label}</legend>
          <ConnectionFields
            fields={field.fields}
            values={values}
            errors={errors}
            onChange={onChange}
          />
        </fieldset>
      );
    case 'authentication':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <ConnectionField
            field={{ kind: 'EnvVarSource', key: 'username', label: 'Username' }}
            {...{ values, errors, onChange }}
          />
          <ConnectionField
            field={{
              kind: 'EnvVarSource',
              key: 'password',
              label: 'Password',
              required: field.required,
            }}
            {...{ values, errors, onChange }}
          />
        </div>
      );
    case 'ConnectionSwitch': {
      const chosen = field.options.find((option) => option.value === values[field.key]);
      return (
        <div className="space-y-3">
          <ChoiceButtons
            label={field.label}
            options={field.options.map((option) => option.value)}
            value={text(field.key)}
            onChange={(value) => onChange(field.key, value)}
          />
          {chosen && (
            <ConnectionFields
              fields={chosen.fields}
              values={values}
              errors={errors}
              onChange={onChange}
            />
          )}
        </div>
      );
    }
    case 'SwitchField':
      return (
        <ChoiceButtons
          label={field.label}
          options={field.options}
          value={text(field.key)}
          onChange={(value) => onChange(field.key, value)}
        />
      );
    case 'EnvVarSource':
      return (
        <SecretSourceInput
          label={labelOf(field.label, field.required)}
          value={text(field.key)}
          error={errors[field.key]}
          concealed={field.key !== 'username'}
          multiline={field.key === 'certificate'}
          hint={field.hint}
          onChange={(value) => onChange(field.key, value)}
        />
      );
    case 'checkbox':
      return (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values[field.key] === true}
            onChange={(event) => onChange(field.key, event.target.checked)}
          />
          {field.label}
        </label>
      );
    case 'numberInput':
      return (
        <Field label={labelOf(field.label, field.required)} htmlFor={id} error={errors[field.key]}>
          <input
            {...controlProps(id, errors[field.key] !== undefined)}
            type="number"
            value={text(field.key)}
            onChange={(event) =>
              onChange(field.key, event.target.value === '' ? '' : Number(event.target.value))
            }
          />
        </Field>
      );
    case 'input':
      return (
        <Field label={labelOf(field.label, field.required)} htmlFor={id} error={errors[field.key]}>
          {field.multiline === true ? (
            <textarea
              {...controlProps(id, errors[field.key] !== undefined)}
              className={textareaClassName}
              value={text(field.key)}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          ) : (
            <input
              {...controlProps(id, errors[field.key] !== undefined)}
              placeholder={field.placeholder}
              value={text(field.key)}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          )}
          {field.hint !== undefined && <p className="text-xs text-fg-muted">{field.hint}</p>}
        </Field>
      );
  }
}

/** A list of fields, top to bottom. */
export function ConnectionFields({
  fields,
  ...rest
}: Omit<ConnectionFieldProps, 'field'> & { readonly fields: readonly FormField[] }) {
  return (
    <>
      {fields.map((field) => (
        <ConnectionField key={`${field.kind}-${field.label}`} field={field} {...rest} />
      ))}
    </>
  );
}
