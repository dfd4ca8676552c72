import { inputClassName } from '@/ui/form-field.tsx';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';

/** A secret: typed unseen; the server masks it in every output. */
export function SecretParameter(props: ParameterFieldProps) {
  return (
    <input
      {...describedBy(props)}
      type="password"
      autoComplete="off"
      value={props.value}
      disabled={props.disabled}
      onBlur={props.onBlur}
      onChange={(event) => props.onChange(event.target.value)}
      className={inputClassName}
    />
  );
}
