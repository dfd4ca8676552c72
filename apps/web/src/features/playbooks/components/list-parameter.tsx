import { listOptionsOf } from '@vigil/domain';
import { inputClassName } from '@/ui/form-field.tsx';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';

/** One of the spec's options (properties.options: label and value). */
export function ListParameter(props: ParameterFieldProps) {
  const options = listOptionsOf(props.parameter);
  return (
    <select
      {...describedBy(props)}
      value={props.value}
      disabled={props.disabled}
      onBlur={props.onBlur}
      onChange={(event) => props.onChange(event.target.value)}
      className={inputClassName}
    >
      <option value="">Select…</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
