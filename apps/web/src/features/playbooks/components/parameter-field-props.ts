import type { ResolvedParameter } from '@vigil/domain';

/** What every parameter field gets; the value is always the string the run request sends. */
export interface ParameterFieldProps {
  parameter: ResolvedParameter;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean;
}

/** The accessibility wiring of a field's control. */
export function describedBy(props: ParameterFieldProps) {
  return {
    id: props.id,
    'aria-invalid': props.error !== undefined,
    'aria-describedby': props.error === undefined ? undefined : `${props.id}-error`,
    'aria-required': props.parameter.required,
  };
}
