import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { allValue } from '../model/topology-url-state.ts';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (value: string | undefined) => void;
}

/** A labelled select whose first choice, 'All', removes the filter from the URL. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const current = value ?? allValue;
  // A value from a shared link that this data does not list is still shown as chosen.
  const listed = current === allValue || options.some((o) => o.value === current);
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <span className="whitespace-nowrap text-fg-muted">{label}</span>
      <select
        value={current}
        onChange={(event) =>
          onChange(event.target.value === allValue ? undefined : event.target.value)
        }
        className={cx(inputClassName, 'h-8 w-auto max-w-48 pr-7')}
      >
        <option value={allValue}>All</option>
        {!listed && <option value={current}>{current}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
