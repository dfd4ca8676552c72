import { incidentSeverityOptions, incidentStatuses, incidentTypes } from '@vigil/domain';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import type { PersonRef } from '../api/incident-schemas.ts';
import type { IncidentFilters } from '../model/incident-url-state.ts';
import { typeLabel } from './incident-badges.tsx';
import { compactSelectClassName } from './select-options.tsx';

export const incidentSearchDebounceMs = 400;

export interface IncidentsFilterBarProps {
  filters: IncidentFilters;
  people: readonly PersonRef[];
  components: readonly { id: string; name: string }[];
  onChange: (patch: Partial<Record<keyof IncidentFilters, string | undefined>>) => void;
}

interface Option {
  value: string;
  label: string;
}

function FilterSelect(props: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-fg-muted">{props.label}</span>
      <select
        className={compactSelectClassName}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const all: Option = { value: 'all', label: 'All' };
const titled = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: typeLabel(value) }));

/** Type, Severity, Status, Owner, Component and the search box (spec 002 §2), kept in the URL. */
export function IncidentsFilterBar({
  filters,
  people,
  components,
  onChange,
}: IncidentsFilterBarProps) {
  const [text, setText] = useState(filters.search ?? '');
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (text === (filters.search ?? '')) return undefined;
    const timer = window.setTimeout(
      () => latest.current({ search: text }),
      incidentSearchDebounceMs,
    );
    return () => window.clearTimeout(timer);
  }, [text, filters.search]);
  const set = (key: keyof IncidentFilters) => (value: string) =>
    onChange({ [key]: key === 'status' || value !== 'all' ? value : undefined });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <FilterSelect
        label="Type"
        value={filters.type ?? 'all'}
        options={[all, ...titled(incidentTypes)]}
        onChange={set('type')}
      />
      <FilterSelect
        label="Severity"
        value={filters.severity ?? 'all'}
        options={[all, ...titled(incidentSeverityOptions)]}
        onChange={set('severity')}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        options={[all, ...titled(incidentStatuses)]}
        onChange={set('status')}
      />
      <FilterSelect
        label="Owner"
        value={filters.owner ?? 'all'}
        options={[all, ...people.map((p) => ({ value: p.id, label: p.name.slice(0, 50) }))]}
        onChange={set('owner')}
      />
      <FilterSelect
        label="Component"
        value={filters.component ?? 'all'}
        options={[all, ...components.map((c) => ({ value: c.id, label: c.name }))]}
        onChange={set('component')}
      />
      <label className="relative block min-w-60 flex-1 sm:max-w-sm">
        <span className="sr-only">Search for incident</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-fg-muted"
        />
        <input
          type="search"
          value={text}
          placeholder="Search for incident"
          onChange={(event) => setText(event.target.value)}
          className={cx(inputClassName, 'pl-8')}
        />
      </label>
    </div>
  );
}
