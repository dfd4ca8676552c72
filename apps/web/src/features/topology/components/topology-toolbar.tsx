import type { TopologyResponse } from '@vigil/domain';
import type { UrlValue } from '@/lib/url-state.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { useAgentsQuery } from '../api/agents-query.ts';
import type { SortField } from '../model/topology-sort.ts';
import type { TopologyUrlState } from '../model/topology-url-state.ts';
import { CardWidthControl } from './card-width-control.tsx';
import { FilterSelect, type FilterOption } from './filter-select.tsx';
import { SortControl } from './sort-control.tsx';

type Patch = Partial<Record<keyof TopologyUrlState, UrlValue>>;

export interface TopologyToolbarProps {
  state: TopologyUrlState;
  update: (patch: Patch) => void;
  data: TopologyResponse | undefined;
  sortFields: readonly SortField[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: SortField, sortOrder: 'asc' | 'desc') => void;
  width: number;
  onWidth: (width: number) => void;
}

function options(values: readonly string[] | null | undefined): FilterOption[] {
  const unique = [...new Set((values ?? []).filter((v) => v !== ''))].sort();
  return unique.map((value) => ({ value, label: value }));
}

function labelOptions(tags: Readonly<Record<string, readonly string[]>> | null | undefined) {
  return Object.entries(tags ?? {})
    .flatMap(([key, values]) =>
      [...new Set(values)].map((value) => ({
        value: `${key}=${value}`,
        label: `${key}: ${value}`,
      })),
    )
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Health, type, team, labels and agent filters, hidden components, sort and card width. */
export function TopologyToolbar(props: TopologyToolbarProps) {
  const { state, update, data } = props;
  const agents = useAgentsQuery();
  const agentOptions = (agents.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <FilterSelect
        label="Health"
        value={state.status}
        options={options(data?.healthStatuses)}
        onChange={(status) => update({ status })}
      />
      <FilterSelect
        label="Type"
        value={state.type}
        options={options(data?.types)}
        onChange={(type) => update({ type })}
      />
      <FilterSelect
        label="Team"
        value={state.team}
        options={options(data?.teams)}
        onChange={(team) => update({ team })}
      />
      <FilterSelect
        label="Labels"
        value={state.labels}
        options={labelOptions(data?.tags)}
        onChange={(labels) => update({ labels })}
      />
      <FilterSelect
        label="Agent"
        value={state.agent_id}
        options={agentOptions}
        onChange={(agent_id) => update({ agent_id })}
      />
      <label className="flex items-center gap-2 text-sm whitespace-nowrap">
        <input
          type="checkbox"
          checked={state.showHiddenComponents === 'yes'}
          onChange={(event) =>
            update({ showHiddenComponents: event.target.checked ? 'yes' : undefined })
          }
          className={cx('size-4 accent-accent', focusRing)}
        />
        Show hidden components
      </label>
      <SortControl
        fields={props.sortFields}
        sortBy={props.sortBy}
        sortOrder={props.sortOrder}
        onChange={props.onSort}
      />
      <div className="ml-auto">
        <CardWidthControl width={props.width} onChange={props.onWidth} />
      </div>
    </div>
  );
}
