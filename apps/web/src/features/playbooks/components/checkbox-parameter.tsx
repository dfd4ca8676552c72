import { focusRing } from '@/ui/class-names.ts';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';

/** Sent as 'true' or 'false'. */
export function CheckboxParameter(props: ParameterFieldProps) {
  return (
    <input
      {...describedBy(props)}
      type="checkbox"
      checked={props.value === 'true'}
      disabled={props.disabled}
      onBlur={props.onBlur}
      onChange={(event) => props.onChange(event.target.checked ? 'true' : 'false')}
      className={`size-4 rounded border-border accent-accent ${focusRing}`}
    />
  );
}
