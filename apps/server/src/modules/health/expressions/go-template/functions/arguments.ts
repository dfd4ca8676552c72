import { formatValue, isRecord } from '../values.ts';

/** gomplate's conv.ToString: text as is, nil as "nil", anything else as Go prints it. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return 'nil';
  return typeof value === 'string' ? value : formatValue(value);
}

/** gomplate's conv.ToInt64: numbers truncated, numeric text parsed, anything else 0. */
export function toInteger(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? BigInt(Math.trunc(value)) : 0n;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'string') {
    const text = value.trim().replaceAll('_', '');
    if (/^[+-]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+)$/.test(text)) {
      const negative = text.startsWith('-');
      const magnitude = BigInt(text.replace(/^[+-]/, '').toLowerCase());
      return negative ? -magnitude : magnitude;
    }
    const number = Number(text);
    return text !== '' && Number.isFinite(number) ? BigInt(Math.trunc(number)) : 0n;
  }
  return 0n;
}

/** gomplate's conv.ToFloat64. */
export function toFloat(value: unknown): number {
  if (typeof value === 'bigint' || typeof value === 'number') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const number = Number(value.trim().replaceAll('_', ''));
    return Number.isNaN(number) ? 0 : number;
  }
  return 0;
}

/** A list argument: arrays as they are, a Map's or object's values, else a one-item list. */
export function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  throw new Error(`expected a list, got ${formatValue(value)}`);
}

/** A map argument, as a plain record. */
export function toRecord(value: unknown): Record<string, unknown> {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), v]));
  if (isRecord(value)) return value;
  throw new Error(`expected a map, got ${formatValue(value)}`);
}

/** Plain JSON for serialisers: bigint as number, Maps as objects. */
export function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlain(v)]));
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Date) return value.toISOString();
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  return value;
}
