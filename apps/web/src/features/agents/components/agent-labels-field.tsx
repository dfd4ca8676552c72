import { Plus, Trash2 } from 'lucide-react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '@/ui/button.tsx';
import { controlProps } from '@/ui/form-field.tsx';
import type { AgentFormValues } from '../model/agent-form.ts';

export interface AgentLabelsFieldProps {
  control: Control<AgentFormValues>;
  register: UseFormRegister<AgentFormValues>;
  errors: FieldErrors<AgentFormValues>['labels'];
  disabled: boolean;
}

/** Properties as key/value label rows; the agent adds them to every resource it creates. */
export function AgentLabelsField({ control, register, errors, disabled }: AgentLabelsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'labels' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Properties</legend>
      <p className="text-xs text-fg-muted">Labels added to every resource this agent creates.</p>
      {fields.map((field, index) => {
        const keyError = errors?.[index]?.key?.message;
        return (
          <div key={field.id} className="flex items-start gap-2">
            <div className="flex-1">
              <input
                {...controlProps(`agent-label-key-${index}`, keyError !== undefined)}
                aria-label={`Property ${index + 1} key`}
                placeholder="Key"
                {...register(`labels.${index}.key`)}
              />
              {keyError !== undefined && (
                <p
                  id={`agent-label-key-${index}-error`}
                  role="alert"
                  className="text-xs text-unhealthy"
                >
                  {keyError}
                </p>
              )}
            </div>
            <div className="flex-1">
              <input
                {...controlProps(`agent-label-value-${index}`, false)}
                aria-label={`Property ${index + 1} value`}
                placeholder="Value"
                {...register(`labels.${index}.value`)}
              />
            </div>
            {!disabled && (
              <Button
                size="icon"
                variant="ghost"
                label={`Remove property ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
        );
      })}
      {!disabled && (
        <Button size="sm" onClick={() => append({ key: '', value: '' })}>
          <Plus aria-hidden="true" className="size-3.5" />
          Add property
        </Button>
      )}
    </fieldset>
  );
}
