import type { ResolvedParameter } from '@vigil/domain';
import { labelOf, type ParamValues } from '../model/param-values.ts';
import { parameterFieldFor } from './parameter-fields.ts';

export interface ParametersFormProps {
  parameters: readonly ResolvedParameter[];
  values: ParamValues;
  /** Messages to show now, by parameter name (client problems of touched fields, server's). */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

const fieldId = (name: string) => `playbook-param-${name.replace(/[^\w-]/g, '_')}`;

/** One labelled control per parameter, its description below, its message under it. */
export function ParametersForm(props: ParametersFormProps) {
  return (
    <div className="space-y-4">
      {props.parameters.map((parameter) => {
        const Field = parameterFieldFor(parameter.type);
        const id = fieldId(parameter.name);
        const label = labelOf(parameter);
        const error = props.errors[parameter.name];
        const inline = parameter.type === 'checkbox';
        return (
          <div key={parameter.name} className="space-y-1">
            <div className={inline ? 'flex flex-row-reverse items-center justify-end gap-2' : ''}>
              <div className="flex items-baseline gap-1">
                <label htmlFor={id} className="block text-sm font-medium">
                  {label}
                </label>
                {parameter.required && !inline && (
                  <span aria-hidden="true" className="text-sm text-unhealthy">
                    *
                  </span>
                )}
              </div>
              {!inline && <div className="h-1" />}
              <Field
                parameter={parameter}
                id={id}
                label={label}
                value={props.values[parameter.name] ?? ''}
                onChange={(value) => props.onChange(parameter.name, value)}
                onBlur={() => props.onBlur(parameter.name)}
                error={error}
                disabled={props.disabled}
              />
            </div>
            {parameter.description !== undefined && parameter.description !== '' && (
              <p className="text-xs text-fg-muted">{parameter.description}</p>
            )}
            {error !== undefined && (
              <p id={`${id}-error`} role="alert" className="text-xs text-unhealthy">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
