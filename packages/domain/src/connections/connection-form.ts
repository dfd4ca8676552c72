import { z } from 'zod';
import { valueFields, type FieldKey, type ValueField } from './connection-fields.ts';
import {
  connectionTypeSchema,
  type ConnectionType,
  type ConnectionTypeDefinition,
} from './connection-type.ts';
import { connectionTypeDefinition } from './connection-types.ts';
import { isSecretReference } from './secret-source.ts';

export type FormValue = string | number | boolean;
/** A connection form's values: `name`, `namespace`, and one entry per field key. */
export type ConnectionFormValues = Record<string, FormValue>;

/** A connection as the data API reads it (secrets masked or as references). */
export const connectionReadSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: connectionTypeSchema,
  url: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable().optional(),
  certificate: z.string().nullable().optional(),
  insecure_tls: z.boolean(),
  properties: z.record(z.string(), z.unknown()).nullable(),
});
export type ConnectionRead = z.infer<typeof connectionReadSchema>;

/** What a create or update sends: the columns of the connections table. */
export interface ConnectionWrite {
  name: string;
  namespace: string;
  type: ConnectionType;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, unknown>;
}

function fieldDefault(field: ValueField): FormValue {
  if (field.kind === 'checkbox') return field.default ?? false;
  if (field.kind === 'numberInput') return field.default ?? '';
  if (field.kind === 'SwitchField' || field.kind === 'ConnectionSwitch') return field.default;
  if (field.kind === 'input') return field.default ?? '';
  return '';
}

/** A new connection's form: name, namespace 'default', and each field's default. */
export function defaultFormValues(definition: ConnectionTypeDefinition): ConnectionFormValues {
  const values: ConnectionFormValues = { name: '', namespace: 'default' };
  for (const field of valueFields(definition.fields)) values[field.key] = fieldDefault(field);
  return values;
}

const propertyName = (key: FieldKey): string | undefined =>
  key.startsWith('properties.') ? key.slice('properties.'.length) : undefined;

/** A stored connection read back into its form. */
export function formValuesOf(row: ConnectionRead): ConnectionFormValues {
  const definition = connectionTypeDefinition(row.type);
  const values = defaultFormValues(definition);
  values.name = row.name;
  values.namespace = row.namespace;
  const properties = row.properties ?? {};
  for (const field of valueFields(definition.fields)) {
    const name = propertyName(field.key);
    const stored: unknown = name === undefined ? row[columnOf(field.key)] : properties[name];
    if (typeof stored === 'string' || typeof stored === 'number' || typeof stored === 'boolean') {
      values[field.key] = stored;
    }
  }
  return values;
}

function columnOf(key: FieldKey): 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls' {
  if (key === 'url' || key === 'username' || key === 'password' || key === 'certificate')
    return key;
  return 'insecure_tls';
}

const text = (value: FormValue | undefined): string | null =>
  value === undefined || value === '' ? null : String(value);

/**
 * The row to store for a form; composed types get their url from their properties. Stored
 * properties that no field of the form manages (written by the API) are kept.
 */
export function connectionWriteOf(
  type: ConnectionType,
  values: ConnectionFormValues,
  stored: Readonly<Record<string, unknown>> = {},
): ConnectionWrite {
  const definition = connectionTypeDefinition(type);
  const properties: Record<string, unknown> = { ...stored };
  for (const field of valueFields(definition.fields)) {
    const name = propertyName(field.key);
    if (name === undefined) continue;
    const value = values[field.key];
    if (value !== undefined && value !== '') properties[name] = value;
    else delete properties[name];
  }
  return {
    name: String(values.name ?? '').trim(),
    namespace: String(values.namespace ?? '').trim(),
    type,
    url: definition.composeUrl ? definition.composeUrl(properties) : text(values.url),
    username: text(values.username),
    password: text(values.password),
    certificate: text(values.certificate),
    insecure_tls: values.insecure_tls === true,
    properties,
  };
}

export const requiredMessage = 'This field is required';

/** Field errors by key: name, namespace and each required field of the type (and its switch). */
export function validateConnectionForm(
  definition: ConnectionTypeDefinition,
  values: ConnectionFormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const blank = (key: string) => String(values[key] ?? '').trim() === '';
  if (blank('name')) errors.name = requiredMessage;
  if (blank('namespace')) errors.namespace = requiredMessage;
  for (const field of visibleValueFields(definition, values)) {
    if ('required' in field && field.required === true && blank(field.key))
      errors[field.key] = requiredMessage;
    const value = String(values[field.key] ?? '');
    const looksLikeReference = /^(secret|configmap):\/\//.test(value);
    if (field.kind === 'EnvVarSource' && looksLikeReference && !isSecretReference(value)) {
      errors[field.key] = 'A secret or config map needs both a name and a key';
    }
  }
  return errors;
}

/** The value fields in force: of a ConnectionSwitch, only the chosen option's fields. */
export function visibleValueFields(
  definition: ConnectionTypeDefinition,
  values: ConnectionFormValues,
): ValueField[] {
  const hidden = new Set<string>();
  for (const field of valueFields(definition.fields)) {
    if (field.kind !== 'ConnectionSwitch') continue;
    for (const option of field.options) {
      if (option.value === values[field.key]) continue;
      for (const inner of valueFields(option.fields)) hidden.add(inner.key);
    }
  }
  return valueFields(definition.fields).filter((field) => !hidden.has(field.key));
}
