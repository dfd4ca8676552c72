import { z } from 'zod';
import { isJsonObject, type JsonObject } from './canary-resource.ts';

export type FieldValue = string | string[];
export type FieldKind =
  'text' | 'textarea' | 'code' | 'number' | 'select' | 'checkboxes' | 'password';

/** One control of a structured check form, and how it reads and writes the check's YAML. */
export interface CheckField {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly options?: readonly string[];
  readonly placeholder?: string;
  readonly hint?: string;
  /** Shown only when this holds for the form's current check values. */
  readonly visibleWhen?: (values: Readonly<Partial<Record<string, FieldValue>>>) => boolean;
  readonly read: (check: JsonObject) => FieldValue;
  /** Writes into a copy of the check; an empty value removes the key. */
  readonly write: (check: JsonObject, value: FieldValue) => void;
  readonly validate: (value: FieldValue) => true | string;
}

export const requiredMessage = 'This field is required';
export const numberMessage = 'This field must be a number';
export const minimumMessage = 'This field must be 0 or more';

type FieldOptions = Omit<CheckField, 'read' | 'write' | 'validate' | 'name' | 'kind'> & {
  kind?: FieldKind;
};

function text(value: FieldValue): string {
  return typeof value === 'string' ? value : value.join(',');
}

function getAt(check: JsonObject, path: readonly string[]): unknown {
  let current: unknown = check;
  for (const key of path) current = isJsonObject(current) ? current[key] : undefined;
  return current;
}

/** Sets (or with undefined removes) a nested key, dropping objects left empty. */
export function setAt(check: JsonObject, path: readonly string[], value: unknown): void {
  const [key, ...rest] = path;
  if (key === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete check[key];
    else check[key] = value;
    return;
  }
  const child = isJsonObject(check[key]) ? { ...check[key] } : {};
  setAt(child, rest, value);
  if (Object.keys(child).length === 0) delete check[key];
  else check[key] = child;
}

const requiredText = z.string().trim().min(1, requiredMessage);

function textRule(required: boolean | undefined): (value: FieldValue) => true | string {
  return (value) => {
    if (!required) return true;
    const parsed = requiredText.safeParse(text(value));
    return parsed.success || (parsed.error.issues[0]?.message ?? requiredMessage);
  };
}

/** Spec 002 §5: integers only, at least 0; empty is allowed unless the field is required. */
export const numberRule = (required: boolean | undefined) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: requiredMessage });
        return;
      }
      if (!/^-?\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: numberMessage });
      else if (Number.parseInt(value, 10) < 0) {
        ctx.addIssue({ code: 'custom', message: minimumMessage });
      }
    });

function zodCheck(schema: z.ZodType<string>): (value: FieldValue) => true | string {
  return (value) => {
    const parsed = schema.safeParse(text(value));
    return parsed.success || (parsed.error.issues[0]?.message ?? 'Invalid value');
  };
}

/** A text field at a dotted path of the check (`url`, `filter.regex`, `test.expr`). */
export function textField(name: string, path: string, options: FieldOptions): CheckField {
  const at = path.split('.');
  return {
    kind: 'text',
    ...options,
    name,
    read: (check) => {
      const value = getAt(check, at);
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    },
    write: (check, value) => setAt(check, at, text(value) === '' ? undefined : text(value)),
    validate: textRule(options.required),
  };
}

export function numberField(name: string, path: string, options: FieldOptions): CheckField {
  const at = path.split('.');
  return {
    ...options,
    kind: 'number',
    name,
    read: (check) => {
      const value = getAt(check, at);
      return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
    },
    write: (check, value) => {
      const raw = text(value).trim();
      // Invalid text stays in the form (with its message) and leaves the YAML as it was.
      if (raw === '') setAt(check, at, undefined);
      else if (/^\d+$/.test(raw)) setAt(check, at, Number.parseInt(raw, 10));
    },
    validate: zodCheck(numberRule(options.required)),
  };
}

/** A list of strings, one per line (or comma-separated), e.g. alert names. */
export function listField(name: string, path: string, options: FieldOptions): CheckField {
  const at = path.split('.');
  return {
    kind: 'textarea',
    ...options,
    name,
    read: (check) => {
      const value = getAt(check, at);
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    },
    write: (check, value) => {
      const items = text(value)
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
      setAt(check, at, items.length > 0 ? items : undefined);
    },
    validate: textRule(options.required),
  };
}

/** A map written as `key=value` lines, e.g. alert label filters. */
export function mapField(name: string, path: string, options: FieldOptions): CheckField {
  const at = path.split('.');
  return {
    kind: 'textarea',
    ...options,
    name,
    read: (check) => {
      const value = getAt(check, at);
      if (!isJsonObject(value)) return '';
      return Object.entries(value)
        .map(([key, item]) => `${key}=${String(item)}`)
        .join('\n');
    },
    write: (check, value) => {
      const entries = parseKeyValues(text(value));
      setAt(check, at, entries.length > 0 ? Object.fromEntries(entries) : undefined);
    },
    validate: textRule(options.required),
  };
}

export function parseKeyValues(value: string): Array<[string, string]> {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('='))
    .map((line) => {
      const index = line.indexOf('=');
      return [line.slice(0, index).trim(), line.slice(index + 1).trim()];
    });
}

/** test, display and transform: each edits the CEL `expr` of its expression. */
export function expressionFields(): CheckField[] {
  return [
    textField('test', 'test.expr', {
      label: 'Test',
      kind: 'code',
      placeholder: 'A CEL expression that returns true when the check passes',
    }),
    textField('display', 'display.expr', { label: 'Display', kind: 'code' }),
    textField('transform', 'transform.expr', { label: 'Transform', kind: 'code' }),
  ];
}

/** Name, icon and description: every check form starts with these. */
export function checkIdentityFields(): CheckField[] {
  return [
    textField('name', 'name', { label: 'Check Name', required: true }),
    textField('icon', 'icon', { label: 'Check Icon' }),
    textField('description', 'description', { label: 'Description', kind: 'textarea' }),
  ];
}
