/** Conversions between what cel-js hands to functions and plain JavaScript values. */

export type CelMap = Map<unknown, unknown> | Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Map) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  );
}

export function isCelMap(value: unknown): value is CelMap {
  return value instanceof Map || isRecord(value);
}

export function entriesOf(map: unknown): Array<[string, unknown]> {
  if (map instanceof Map) return [...map].map(([k, v]) => [String(k), v]);
  if (isRecord(map)) return Object.entries(map);
  throw new Error(`expected a map, got ${kindOf(map)}`);
}

export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  throw new Error(`expected a list, got ${kindOf(value)}`);
}

export function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new Error(`expected a string, got ${kindOf(value)}`);
}

/** A CEL int (bigint), uint or double as a JavaScript number. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'valueOf' in value) {
    const inner = value.valueOf();
    if (typeof inner === 'bigint') return Number(inner);
  }
  throw new Error(`expected a number, got ${kindOf(value)}`);
}

/** Go's conv.ToString-like text of a scalar, as gomplate's `interface{}` arguments take it. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  if (value === null || value === undefined) return '';
  return JSON.stringify(plain(value));
}

/** Plain JSON-able data: ints become numbers, maps objects, timestamps RFC 3339 text. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Map) {
    return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  }
  if (Array.isArray(value)) return value.map(plain);
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** The CEL type name of a value, for error messages. */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Date) return 'timestamp';
  if (isCelMap(value)) return 'map';
  return typeof value;
}
