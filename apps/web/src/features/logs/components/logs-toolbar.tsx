import { logsLimits, timeRanges, type ComponentWithLogs, type TimeRange } from '@vigil/domain';
import { inputClassName } from '@/ui/form-field.tsx';
import { cx } from '@/ui/class-names.ts';
import { DebouncedSearch } from '@/ui/debounced-search.tsx';

export interface LogsToolbarProps {
  components: readonly ComponentWithLogs[];
  componentId: string | undefined;
  selectorNames: readonly string[];
  selector: string | undefined;
  query: string;
  start: TimeRange;
  onComponent: (id: string) => void;
  onSelector: (name: string) => void;
  onQuery: (query: string) => void;
  onStart: (start: TimeRange) => void;
}

const selectClassName = cx(inputClassName, 'w-auto min-w-40');

/** Component, Selector, search (500 ms debounce) and time range: the viewer's URL state. */
export function LogsToolbar(props: LogsToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs text-fg-muted">
        Component
        <select
          className={selectClassName}
          value={props.componentId ?? ''}
          onChange={(event) => props.onComponent(event.target.value)}
        >
          <option value="">Select a component</option>
          {props.components.map((component) => (
            <option key={component.id} value={component.id}>
              {component.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-fg-muted">
        Selector
        <select
          className={selectClassName}
          value={props.selector ?? ''}
          disabled={props.selectorNames.length === 0}
          onChange={(event) => props.onSelector(event.target.value)}
        >
          {props.selectorNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <DebouncedSearch
        label="Search logs"
        placeholder="Search"
        value={props.query}
        delayMs={logsLimits.searchDebounceMs}
        className="min-w-64 flex-1 sm:max-w-md"
        onSearch={props.onQuery}
      />
      <label className="flex flex-col gap-1 text-xs text-fg-muted">
        Time range
        <select
          className={selectClassName}
          value={props.start}
          onChange={(event) => {
            const chosen = timeRanges.find((range) => range === event.target.value);
            if (chosen) props.onStart(chosen);
          }}
        >
          {timeRanges.map((range) => (
            <option key={range} value={range}>
              Last {range}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
