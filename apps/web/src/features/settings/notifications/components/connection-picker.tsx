import { canNotify } from '@vigil/domain';
import { FormField, inputClassName } from '@/ui/form-field.tsx';

export interface NotifyingConnection {
  name: string;
  namespace: string;
  type: string;
}

const referenceOf = (c: NotifyingConnection): string => `connection://${c.namespace}/${c.name}`;

/**
 * A custom service's connection: a choice among the connections that can notify. Only admins
 * read connections, so anyone else (an empty list) types the reference instead.
 */
export function ConnectionPicker({
  id,
  connections,
  value,
  onChange,
  disabled,
}: {
  id: string;
  connections: readonly NotifyingConnection[];
  value: string;
  onChange: (reference: string) => void;
  disabled: boolean;
}) {
  const offered = connections.filter((c) => canNotify(c.type));
  if (offered.length === 0) {
    return (
      <FormField label="Connection" htmlFor={id}>
        <input
          id={id}
          className={inputClassName}
          placeholder="connection://namespace/name"
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormField>
    );
  }
  const known = value === '' || offered.some((c) => referenceOf(c) === value);
  return (
    <FormField label="Connection" htmlFor={id}>
      <select
        id={id}
        className={inputClassName}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Select a connection</option>
        {!known && <option value={value}>{value}</option>}
        {offered.map((c) => (
          <option key={referenceOf(c)} value={referenceOf(c)}>
            {`${c.namespace}/${c.name} (${c.type})`}
          </option>
        ))}
      </select>
    </FormField>
  );
}
