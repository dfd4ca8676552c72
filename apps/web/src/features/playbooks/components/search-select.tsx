import { useEffect, useState } from 'react';
import { inputClassName } from '@/ui/form-field.tsx';

export interface SearchOption {
  id: string;
  name: string;
  detail?: string | null;
}

export interface SearchSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly SearchOption[];
  loading: boolean;
  onSearch: (text: string) => void;
  onChange: (id: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

/** Debounce of a resource search (spec 000 §9). */
const searchDebounceMs = 300;

/** A search box that narrows a select of resources by name; the select holds the choice. */
export function SearchSelect(props: SearchSelectProps) {
  const [text, setText] = useState('');
  const { onSearch } = props;
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const known = props.options.some((option) => option.id === props.value);
  return (
    <div className="flex gap-2">
      <div className="w-40 shrink-0">
        <input
          type="search"
          aria-label={`Search ${props.label}`}
          placeholder="Search…"
          value={text}
          disabled={props.disabled}
          onChange={(event) => setText(event.target.value)}
          className={inputClassName}
        />
      </div>
      <div className="min-w-0 flex-1">
        <select
          id={props.id}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          aria-required={props.required}
          aria-busy={props.loading}
          onBlur={props.onBlur}
          onChange={(event) => props.onChange(event.target.value)}
          className={inputClassName}
        >
          <option value="">{props.loading ? 'Loading…' : 'Select…'}</option>
          {!known && props.value !== '' && <option value={props.value}>{props.value}</option>}
          {props.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.detail ? `${option.name} (${option.detail})` : option.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
