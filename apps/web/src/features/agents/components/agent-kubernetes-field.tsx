import { agentScrapeIntervals } from '@vigil/domain';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { FormField, controlProps, textareaClassName } from '@/ui/form-field.tsx';
import { focusRing } from '@/ui/class-names.ts';
import type { AgentFormValues } from '../model/agent-form.ts';

/** Kubernetes scraping settings handed to the agent (spec 000 §9: disabled, every 30m). */
export interface AgentKubernetesFieldProps {
  control: Control<AgentFormValues>;
  register: UseFormRegister<AgentFormValues>;
}

export function AgentKubernetesField({ control, register }: AgentKubernetesFieldProps) {
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Kubernetes</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className={focusRing} {...register('kubernetes.enabled')} />
        Scrape the cluster the agent runs in
      </label>
      <FormField label="Scrape interval" htmlFor="agent-kubernetes-interval">
        {/* Controlled: an uncontrolled select can read its first option before the default. */}
        <Controller
          control={control}
          name="kubernetes.interval"
          render={({ field }) => (
            <select
              {...controlProps('agent-kubernetes-interval', false)}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            >
              {agentScrapeIntervals.map((interval) => (
                <option key={interval} value={interval}>
                  {interval}
                </option>
              ))}
            </select>
          )}
        />
      </FormField>
      <FormField label="Exclusions" htmlFor="agent-kubernetes-exclusions">
        <textarea
          id="agent-kubernetes-exclusions"
          rows={3}
          placeholder={'kube-system\nkube-public'}
          aria-describedby="agent-kubernetes-exclusions-hint"
          className={textareaClassName}
          {...register('kubernetes.exclusions')}
        />
      </FormField>
      <p id="agent-kubernetes-exclusions-hint" className="text-xs text-fg-muted">
        One namespace or resource per line.
      </p>
    </fieldset>
  );
}
