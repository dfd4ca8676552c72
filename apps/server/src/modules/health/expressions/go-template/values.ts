import { TemplateError } from './errors.ts';

/**
 * Values as a template sees them: JSON-like data, Maps (from CEL), bigint for Go ints and
 * number for float64. `undefined` is Go's invalid value (a missing key, printed `<no value>`).
 */
export function isTrue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  if (value instanceof Date) return true;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** `.name` on a value: a map's key (missing → undefined), or Go's error for anything else. */
export function fieldOf(receiver: unknown, name: string): unknown {
  if (receiver === undefined) return undefined;
  if (receiver === null) throw new TemplateError(`nil pointer evaluating interface {}.${name}`);
  if (receiver instanceof Map) return receiver.get(name);
  if (isRecord(receiver)) return Object.hasOwn(receiver, name) ? receiver[name] : undefined;
  throw new TemplateError(`can't evaluate field ${name} in type ${goType(receiver)}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Map) &&
    !(value instanceof Date)
  );
}

/** A map's entries sorted by key, as Go ranges over and prints maps. */
export function sortedEntries(
  value: Map<unknown, unknown> | Record<string, unknown>,
): [unknown, unknown][] {
  const entries: [unknown, unknown][] = value instanceof Map ? [...value] : Object.entries(value);
  return entries.sort(([a], [b]) => compareKeys(a, b));
}

function compareKeys(a: unknown, b: unknown): number {
  if (isNumeric(a) && isNumeric(b)) return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isNumeric(value: unknown): value is number | bigint {
  return typeof value === 'number' || typeof value === 'bigint';
}

/** Go's type name for a value, as its error messages print it. */
export function goType(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return '[]interface {}';
  if (value instanceof Date) return 'time.Time';
  if (typeof value === 'object') return 'map[string]interface {}';
  return 'func';
}

/** The text of an action's value: Go's `fmt.Print`, and `<no value>` for a missing one. */
export function printAction(value: unknown): string {
  if (value === undefined || value === null) return '<no value>';
  return formatValue(value);
}

/** Go's `%v`. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return formatFloat(value);
  if (Array.isArray(value)) return `[${value.map(formatValue).join(' ')}]`;
  if (value instanceof Date) return formatTime(value);
  if (value instanceof Map || isRecord(value)) {
    const parts = sortedEntries(value).map(([k, v]) => `${formatValue(k)}:${formatValue(v)}`);
    return `map[${parts.join(' ')}]`;
  }
  return typeof value === 'symbol' ? value.toString() : 'func';
}

/**
 * Go's `%v` of a float64 (shortest form, exponent from 1e+06 on). A whole number prints as an
 * integer, because here JSON whole numbers and database integers look alike.
 */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const exp = Number(exponent);
  if (exp < -4 || exp >= 21 || (!Number.isInteger(value) && exp >= 6)) {
    const sign = exp < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(value);
}

/** Go's time.Time String(), in UTC. */
export function formatTime(date: Date): string {
  const iso = date.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''} +0000 UTC`;
}

/** Length as Go's `len`: bytes of a string, elements of a slice or map. */
export function lengthOf(value: unknown): bigint {
  if (typeof value === 'string') return BigInt(Buffer.byteLength(value));
  if (Array.isArray(value)) return BigInt(value.length);
  if (value instanceof Map) return BigInt(value.size);
  if (isRecord(value)) return BigInt(Object.keys(value).length);
  throw new TemplateError(`len of type ${goType(value)}`);
}

/** Integer value of an index argument, or Go's error. */
export function toIndex(value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new TemplateError(`cannot index slice/array with type ${goType(value)}`);
}
