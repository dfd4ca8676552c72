import type { FieldError, UseFormRegister } from 'react-hook-form';
import { controlProps, FormField, textareaClassName } from '@/ui/form-field.tsx';
import { cx } from '@/ui/class-names.ts';
import type { CanaryFormValues } from '../model/canary-form-values.ts';
import type { CheckField } from '../model/check-fields.ts';

export interface CheckFieldControlProps {
  field: CheckField;
  register: UseFormRegister<CanaryFormValues>;
  error: FieldError | undefined;
}

/** One control of a structured check form, wired to react-hook-form with the field's rule. */
export function CheckFieldControl({ field, register, error }: CheckFieldControlProps) {
  const id = `check-${field.name}`;
  const label = field.required ? `${field.label} *` : field.label;
  const registration = register(`check.${field.name}`, { validate: field.validate });
  const wiring = controlProps(id, error !== undefined);

  if (field.kind === 'checkboxes') {
    return (
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{field.label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {field.options?.map((option) => (
            <label key={option} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" value={option} {...registration} />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const hint =
    field.hint === undefined ? null : <p className="text-xs text-fg-muted">{field.hint}</p>;
  if (field.kind === 'select') {
    return (
      <FormField label={label} htmlFor={id} error={error?.message}>
        <select {...wiring} {...registration}>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option === '' ? (field.placeholder ?? 'None') : option}
            </option>
          ))}
        </select>
      </FormField>
    );
  }
  if (field.kind === 'textarea' || field.kind === 'code') {
    return (
      <FormField label={label} htmlFor={id} error={error?.message}>
        <textarea
          {...wiring}
          rows={field.kind === 'code' ? 4 : 3}
          placeholder={field.placeholder}
          className={cx(textareaClassName, field.kind === 'code' && 'font-mono text-xs')}
          {...registration}
        />
        {hint}
      </FormField>
    );
  }
  return (
    <FormField label={label} htmlFor={id} error={error?.message}>
      <input
        {...wiring}
        type={field.kind === 'password' ? 'password' : 'text'}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
        placeholder={field.placeholder}
        {...registration}
      />
      {hint}
    </FormField>
  );
}
