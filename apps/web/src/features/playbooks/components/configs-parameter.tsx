import { useState } from 'react';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { useLookupOptionsQuery } from '../api/lookup-options-query.ts';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';

/** Several catalog items: the form keeps their ids comma-joined, the request sends a list. */
export function ConfigsParameter(props: ParameterFieldProps) {
  const [search, setSearch] = useState('');
  const options = useLookupOptionsQuery('config', search);
  const chosen = props.value === '' ? [] : props.value.split(',');
  const known = new Set((options.data ?? []).map((option) => option.id));
  return (
    <div className="space-y-2">
      <input
        type="search"
        aria-label={`Search ${props.label}`}
        placeholder="Search…"
        value={search}
        disabled={props.disabled}
        onChange={(event) => setSearch(event.target.value.trim())}
        className={inputClassName}
      />
      <select
        {...describedBy(props)}
        multiple
        value={chosen}
        disabled={props.disabled}
        onBlur={props.onBlur}
        onChange={(event) =>
          props.onChange([...event.target.selectedOptions].map((option) => option.value).join(','))
        }
        className={cx(inputClassName, 'h-28 py-1')}
      >
        {chosen
          .filter((id) => !known.has(id))
          .map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        {(options.data ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.type ? `${option.name} (${option.type})` : option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
