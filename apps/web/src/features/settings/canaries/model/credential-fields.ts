import { isJsonObject, type JsonObject } from './canary-resource.ts';
import { type CheckField, type FieldValue, textField } from './check-fields.ts';

function plain(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isJsonObject(value) && typeof value.value === 'string' && value.valueFrom === undefined) {
    return value.value;
  }
  return undefined;
}

/**
 * An EnvVar (a string, `{value}` or `{valueFrom: secretKeyRef…}`) as a text field. A secret
 * reference cannot be shown as text: the field stays empty and leaves the reference alone.
 */
export function envVarField(
  name: string,
  options: { label: string; secret?: boolean },
): CheckField {
  const base = textField(name, name, { label: options.label });
  return {
    ...base,
    kind: options.secret ? 'password' : 'text',
    hint: undefined,
    read: (check) => plain(check[name]) ?? '',
    write: (check: JsonObject, value: FieldValue) => {
      const current = check[name];
      const isReference = current !== undefined && plain(current) === undefined;
      if (value === '' && isReference) return;
      base.write(check, value);
    },
  };
}

export function credentialFields(visibleWhen?: CheckField['visibleWhen']): CheckField[] {
  return [
    { ...envVarField('username', { label: 'Username' }), visibleWhen },
    { ...envVarField('password', { label: 'Password', secret: true }), visibleWhen },
  ];
}
