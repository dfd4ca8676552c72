import { useForm } from 'react-hook-form';
import { Button } from '@/ui/button.tsx';
import { FormField, controlProps, textareaClassName } from '@/ui/form-field.tsx';
import {
  agentFormValues,
  emptyAgentForm,
  parseAgentForm,
  type AgentFormValues,
} from '../model/agent-form.ts';
import type { AgentSummary } from '../model/agent-summary.ts';
import { AgentKubernetesField } from './agent-kubernetes-field.tsx';
import { AgentLabelsField } from './agent-labels-field.tsx';

export type AgentPayload = Extract<ReturnType<typeof parseAgentForm>, { ok: true }>['payload'];

export interface AgentFormProps {
  /** The agent to edit; without one the form creates an agent. */
  agent?: AgentSummary;
  canWrite: boolean;
  pending: boolean;
  onSubmit: (payload: AgentPayload) => Promise<unknown>;
  onCancel: () => void;
  onDelete?: () => void;
}

/** Name (read-only on edit, spec 000 §5), description, properties and Kubernetes settings. */
export function AgentForm({
  agent,
  canWrite,
  pending,
  onSubmit,
  onCancel,
  onDelete,
}: AgentFormProps) {
  const isEdit = agent !== undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AgentFormValues>({
    defaultValues: agent === undefined ? emptyAgentForm : agentFormValues(agent),
  });

  const submit = handleSubmit(async (values) => {
    const parsed = parseAgentForm(values);
    if (!parsed.ok) {
      for (const issue of parsed.issues) {
        const [field, index, part] = issue.path.split('.');
        if (field === 'labels' && index !== undefined && part === 'key') {
          setError(`labels.${Number(index)}.key`, { message: issue.message });
        } else if (field === 'name' || field === 'description') {
          setError(field, { message: issue.message });
        }
      }
      return;
    }
    await onSubmit(parsed.payload).catch(() => {
      // The query client toasts the server's message; the form stays for another try.
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <fieldset disabled={!canWrite || pending} className="space-y-4">
        <FormField label="Name *" htmlFor="agent-name" error={errors.name?.message}>
          <input
            {...controlProps('agent-name', errors.name !== undefined)}
            readOnly={isEdit}
            aria-required="true"
            autoComplete="off"
            {...register('name')}
          />
        </FormField>
        <FormField
          label="Description"
          htmlFor="agent-description"
          error={errors.description?.message}
        >
          <textarea
            id="agent-description"
            rows={2}
            className={textareaClassName}
            {...register('description')}
          />
        </FormField>
        <AgentLabelsField
          control={control}
          register={register}
          errors={errors.labels}
          disabled={!canWrite}
        />
        <AgentKubernetesField control={control} register={register} />
      </fieldset>
      {canWrite && (
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          {onDelete !== undefined && (
            <Button variant="danger" className="mr-auto" onClick={onDelete}>
              Delete
            </Button>
          )}
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Saving...' : isEdit ? 'Save' : 'Next'}
          </Button>
        </div>
      )}
    </form>
  );
}
