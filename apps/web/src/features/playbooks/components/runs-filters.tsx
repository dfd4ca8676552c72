import { playbookRunStatuses } from '@vigil/domain';
import { useId } from 'react';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { usePlaybookRowsQuery } from '../api/playbooks-query.ts';
import { displayName } from '../model/categories.ts';
import { statusLabels } from '../model/run-status.ts';
import { runTimeRanges, type RunsUrlState } from '../model/runs-url-state.ts';

export interface RunsFiltersProps {
  state: RunsUrlState;
  onChange: (
    patch: Partial<Record<'playbook' | 'status' | 'timeRange', string | undefined>>,
  ) => void;
}

/** Playbook, status and time range; 'All' removes a filter (spec 000 §5). */
export function RunsFilters({ state, onChange }: RunsFiltersProps) {
  const playbooks = usePlaybookRowsQuery();
  const id = useId();
  const select = cx(inputClassName, 'w-auto min-w-36');
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-playbook`} className="block text-xs font-medium text-fg-muted">
          Playbook
        </label>
        <select
          id={`${id}-playbook`}
          className={select}
          value={state.playbook ?? ''}
          onChange={(event) => onChange({ playbook: event.target.value || undefined })}
        >
          <option value="">All</option>
          {(playbooks.data ?? []).map((playbook) => (
            <option key={playbook.id} value={playbook.id}>
              {displayName(playbook)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-status`} className="block text-xs font-medium text-fg-muted">
          Status
        </label>
        <select
          id={`${id}-status`}
          className={select}
          value={state.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
        >
          <option value="">All</option>
          {playbookRunStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-range`} className="block text-xs font-medium text-fg-muted">
          Time Range
        </label>
        <select
          id={`${id}-range`}
          className={select}
          value={state.timeRange}
          onChange={(event) => onChange({ timeRange: event.target.value })}
        >
          {runTimeRanges.map((range) => (
            <option key={range} value={range}>
              Last {range}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
