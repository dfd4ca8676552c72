import { LayoutGrid, Table2 } from 'lucide-react';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { searchPlaceholder } from '../model/health-url-state.ts';
import { disabledRefreshRates, refreshOptions } from '../model/refresh-rate.ts';
import { dashboardRanges } from '../model/dashboard-range.ts';

export interface HealthToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  groupBy: string;
  groupByOptions: readonly string[];
  onGroupBy: (value: string) => void;
  tabBy: string;
  tabByOptions: readonly string[];
  onTabBy: (value: string) => void;
  timeRange: string;
  onTimeRange: (value: string) => void;
  refreshRate: string;
  onRefreshRate: (value: string) => void;
  layout: 'table' | 'card';
  onLayout: (value: 'table' | 'card') => void;
}

function Select(props: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  disabled?: ReadonlySet<string>;
}) {
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap">
      {props.label}
      <select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputClassName} w-auto`}
      >
        {props.options.map((option) => (
          <option key={option} value={option} disabled={props.disabled?.has(option)}>
            {option.replace(/^label:/, '')}
          </option>
        ))}
      </select>
    </label>
  );
}

const layouts = [
  ['table', 'Table layout', Table2],
  ['card', 'Card layout', LayoutGrid],
] as const;

/** The filter bar: search, Group By, Tab By, then the time range, refresh rate and layout. */
export function HealthToolbar(props: HealthToolbarProps) {
  return (
    // Two deliberate rows (title and search; then the view's selects) instead of one that
    // wraps wherever it happens to run out of room.
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="health-heading" className="text-lg font-semibold">
          Health
        </h1>
        <input
          type="search"
          aria-label="Search checks"
          placeholder={searchPlaceholder}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          className={`${inputClassName} max-w-sm min-w-72 flex-1`}
        />
        <LayoutToggle {...props} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Select
          label="Group By"
          value={props.groupBy}
          options={props.groupByOptions}
          onChange={props.onGroupBy}
        />
        <Select
          label="Tab By"
          value={props.tabBy}
          options={props.tabByOptions}
          onChange={props.onTabBy}
        />
        <Select
          label="Time Range"
          value={props.timeRange}
          options={dashboardRanges}
          onChange={props.onTimeRange}
        />
        <Select
          label="Refresh rate"
          value={props.refreshRate}
          options={refreshOptions.map(([label]) => label)}
          disabled={disabledRefreshRates(props.timeRange)}
          onChange={props.onRefreshRate}
        />
      </div>
    </div>
  );
}

function LayoutToggle(props: Pick<HealthToolbarProps, 'layout' | 'onLayout'>) {
  return (
    <div className="ml-auto flex rounded-md border border-border" role="group" aria-label="Layout">
      {layouts.map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={props.layout === value}
          title={label}
          onClick={() => props.onLayout(value)}
          className={cx('p-1.5', props.layout === value && 'bg-surface-muted text-accent')}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
