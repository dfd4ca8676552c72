import { jobStatusFilterOptions } from '@vigil/domain';
import type { ReactNode } from 'react';
import { inputClassName } from '@/ui/form-field.tsx';
import { durationOptions, resourceTypeOptions } from '../model/job-query.ts';
import type { TimeRange } from '../model/time-range.ts';
import { TimeRangePicker } from './time-range-picker.tsx';

export interface JobFilterValues {
  resourceType: string | undefined;
  name: string | undefined;
  status: string;
  duration: number | undefined;
  timeRange: TimeRange;
}

export interface JobFiltersProps {
  values: JobFilterValues;
  names: readonly string[];
  onChange: (
    patch: Partial<Record<'resourceType' | 'name' | 'status' | 'duration', string>>,
  ) => void;
  onTimeRange: (range: TimeRange) => void;
}

function Select(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap">
      {props.label}
      <select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputClassName} w-auto`}
      >
        {props.children}
      </select>
    </label>
  );
}

/** Resource type, name, status, duration and time range; each lives in the URL. */
export function JobFilters({ values, names, onChange, onTimeRange }: JobFiltersProps) {
  // A name from a shared link stays choosable before the names load (or after it aged out).
  const nameOptions = values.name && !names.includes(values.name) ? [values.name, ...names] : names;
  // A status the filter does not offer (STOPPED, STALE) can still come from a link.
  const offered = jobStatusFilterOptions.some((option) => option.value === values.status);
  const extraStatus = values.status !== 'all' && !offered ? values.status : undefined;
  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Filters">
      <Select
        label="Resource Type"
        value={values.resourceType ?? 'all'}
        onChange={(value) => onChange({ resourceType: value })}
      >
        <option value="all">All</option>
        {resourceTypeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Select
        label="Name"
        value={values.name ?? 'all'}
        onChange={(value) => onChange({ name: value })}
      >
        <option value="all">All</option>
        {nameOptions.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Select
        label="Status"
        value={values.status}
        onChange={(value) => onChange({ status: value })}
      >
        <option value="all">All</option>
        {extraStatus !== undefined && <option value={extraStatus}>{extraStatus}</option>}
        {jobStatusFilterOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Select
        label="Duration"
        value={values.duration === undefined ? 'any' : String(values.duration)}
        onChange={(value) => onChange({ duration: value })}
      >
        <option value="any">Any</option>
        {durationOptions.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
      <TimeRangePicker value={values.timeRange} onChange={onTimeRange} />
    </div>
  );
}
