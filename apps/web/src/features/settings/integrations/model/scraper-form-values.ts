import type { ScraperField, ScraperFormType } from './scraper-form-type.ts';

type Spec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.map((item: unknown) => item) : [];
}

/** A new scraper's spec: one entry of its type (Custom starts empty). */
export function newScraperSpec(type: ScraperFormType): Record<string, unknown> {
  if (type.fields.length === 0) return {};
  return {
    ...(type.schedule ? { schedule: type.schedule } : {}),
    [type.specKey]: [structuredClone(type.template)],
  };
}

/** The form edits the first entry of the type's list (spec.sql[0] …). */
function firstEntry(spec: Spec, type: ScraperFormType): Record<string, unknown> {
  const [entry] = listOf(spec[type.specKey]);
  return isRecord(entry) ? entry : {};
}

export function fieldText(spec: Spec, type: ScraperFormType, field: ScraperField): string {
  let value: unknown = firstEntry(spec, type);
  for (const part of field.path.split('.')) value = isRecord(value) ? value[part] : undefined;
  if (Array.isArray(value)) return listOf(value).map(String).join(', ');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function setPath(
  target: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  if (rest.length === 0) {
    const next = { ...target };
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = target[head];
  return { ...target, [head]: setPath(isRecord(child) ? child : {}, rest, value) };
}

/** The spec with one form field changed; an emptied optional field is removed. */
export function withFieldText(
  spec: Spec,
  type: ScraperFormType,
  field: ScraperField,
  text: string,
): Record<string, unknown> {
  const value =
    field.kind === 'list'
      ? text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : text;
  const empty = field.kind === 'list' ? text.trim() === '' : text === '';
  const entry = setPath(
    firstEntry(spec, type),
    field.path.split('.'),
    empty && !field.required ? undefined : value,
  );
  const rest = listOf(spec[type.specKey]).slice(1);
  return { ...spec, [type.specKey]: [entry, ...rest] };
}

/** Spec 002 §5: the labels of required fields left empty, in form order. */
export function missingFields(spec: Spec, type: ScraperFormType): string[] {
  return type.fields
    .filter((field) => field.required && fieldText(spec, type, field).trim() === '')
    .map((field) => field.label);
}
