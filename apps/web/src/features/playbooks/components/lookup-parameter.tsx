import { useState } from 'react';
import { useLookupOptionsQuery, type LookupKind } from '../api/lookup-options-query.ts';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';
import { SearchSelect } from './search-select.tsx';

/** A team, person, component, config or check, chosen by name and sent as its id. */
export function LookupParameter({ kind, ...props }: ParameterFieldProps & { kind: LookupKind }) {
  const [search, setSearch] = useState('');
  const options = useLookupOptionsQuery(kind, search);
  const wiring = describedBy(props);
  return (
    <SearchSelect
      id={props.id}
      label={props.label}
      value={props.value}
      options={(options.data ?? []).map((option) => ({
        id: option.id,
        name: option.name,
        detail: option.type ?? option.email,
      }))}
      loading={options.isFetching}
      onSearch={setSearch}
      onChange={props.onChange}
      onBlur={props.onBlur}
      disabled={props.disabled}
      invalid={wiring['aria-invalid']}
      describedBy={wiring['aria-describedby']}
      required={wiring['aria-required']}
    />
  );
}
