import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { isFieldVisible, type CanaryFormValues } from '../model/canary-form-values.ts';
import type { CheckForm } from '../model/check-form.ts';
import { CheckFieldControl } from './check-field-control.tsx';

export interface CheckFormFieldsProps {
  form: CheckForm;
  control: Control<CanaryFormValues>;
  register: UseFormRegister<CanaryFormValues>;
  errors: FieldErrors<CanaryFormValues>;
}

/** The check's own fields; some show only for others' values (a body only for POST and PUT). */
export function CheckFormFields({ form, control, register, errors }: CheckFormFieldsProps) {
  const values = useWatch({ control, name: 'check' });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {form.fields
        .filter((field) => isFieldVisible(field, values))
        .map((field) => (
          <div
            key={field.name}
            className={
              field.kind === 'textarea' || field.kind === 'code' || field.kind === 'checkboxes'
                ? 'sm:col-span-2'
                : undefined
            }
          >
            <CheckFieldControl
              field={field}
              register={register}
              error={errors.check?.[field.name]}
            />
          </div>
        ))}
    </div>
  );
}
