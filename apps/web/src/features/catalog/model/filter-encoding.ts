/**
 * The catalog's filter encodings (spec 001 §2): tags `key____value:1` (include) or `:-1`
 * (exclude), labels `key__:__value` (same suffixes), and `a,!b` lists for type, status and health.
 */
export interface KeyValueFilter {
  key: string;
  value: string;
  include: boolean;
}

const tagSeparator = '____';
const labelSeparator = '__:__';

function splitSuffix(entry: string): { body: string; include: boolean } {
  if (entry.endsWith(':-1')) return { body: entry.slice(0, -3), include: false };
  if (entry.endsWith(':1')) return { body: entry.slice(0, -2), include: true };
  return { body: entry, include: true };
}

function parseKeyValues(param: string | undefined, separator: string): KeyValueFilter[] {
  if (param === undefined || param === '') return [];
  return param.split(',').flatMap((entry) => {
    const { body, include } = splitSuffix(entry);
    const at = body.indexOf(separator);
    if (at <= 0) return [];
    return [{ key: body.slice(0, at), value: body.slice(at + separator.length), include }];
  });
}

function encodeKeyValues(filters: readonly KeyValueFilter[], separator: string): string {
  return filters.map((f) => `${f.key}${separator}${f.value}:${f.include ? '1' : '-1'}`).join(',');
}

export const parseTags = (param: string | undefined) => parseKeyValues(param, tagSeparator);
export const encodeTags = (filters: readonly KeyValueFilter[]) =>
  encodeKeyValues(filters, tagSeparator);

export function parseLabels(param: string | undefined): KeyValueFilter[] {
  return parseKeyValues(param, labelSeparator);
}

/** Labels keep the spec's bare `key__:__value` for an include; only exclusion adds `:-1`. */
export function encodeLabels(filters: readonly KeyValueFilter[]): string {
  return filters
    .map((f) => `${f.key}${labelSeparator}${f.value}${f.include ? '' : ':-1'}`)
    .join(',');
}

/** Adds the filter, flips it when its opposite is set, or removes it when asked twice. */
export function toggleKeyValue(
  filters: readonly KeyValueFilter[],
  next: KeyValueFilter,
): KeyValueFilter[] {
  const others = filters.filter((f) => !(f.key === next.key && f.value === next.value));
  const same = filters.find(
    (f) => f.key === next.key && f.value === next.value && f.include === next.include,
  );
  return same === undefined ? [...others, next] : others;
}

export interface ListValue {
  value: string;
  include: boolean;
}

/** `a,!b`: the console's tri-state list, as the data API's `col.filter` reads it. */
export function parseList(param: string | undefined): ListValue[] {
  if (param === undefined || param === '') return [];
  return param
    .split(',')
    .filter((entry) => entry !== '' && entry !== '!')
    .map((entry) =>
      entry.startsWith('!')
        ? { value: entry.slice(1), include: false }
        : { value: entry, include: true },
    );
}

export function encodeList(values: readonly ListValue[]): string {
  return values.map((v) => (v.include ? v.value : `!${v.value}`)).join(',');
}

export function toggleListValue(values: readonly ListValue[], next: ListValue): ListValue[] {
  const others = values.filter((v) => v.value !== next.value);
  const same = values.some((v) => v.value === next.value && v.include === next.include);
  return same ? others : [...others, next];
}

/** A value inside a data-API logic tree, quoted so that commas and brackets stay inside it. */
export function quoteValue(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** A JSON key inside a data-API path, quoted the same way. */
export function quoteKey(key: string): string {
  return `"${key.replaceAll('"', '""')}"`;
}

/** Conditions for a logic tree: includes match the key, excludes also let rows without it pass. */
export function keyValueConditions(
  column: 'tags' | 'labels',
  filters: readonly KeyValueFilter[],
): string[] {
  return filters.map((f) => {
    const path = `${column}->>${quoteKey(f.key)}`;
    return f.include
      ? `${path}.eq.${quoteValue(f.value)}`
      : `or(${path}.is.null,${path}.neq.${quoteValue(f.value)})`;
  });
}
