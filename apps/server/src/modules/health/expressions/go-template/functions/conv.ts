import { isTrue } from '../values.ts';
import { toFloat, toInteger, toList, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string')
    return ['1', 't', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  if (typeof value === 'bigint') return value === 1n;
  if (typeof value === 'number') return value === 1;
  return false;
}

/** `default DEF VALUE`: VALUE when it is set and not empty, else DEF. */
function fallback(def: unknown, value: unknown): unknown {
  return isTrue(value) ? value : def;
}

function join(list: unknown, separator: unknown): string {
  return toList(list).map(toText).join(toText(separator));
}

/** gomplate's `conv` namespace and its aliases. */
export const convFunctions: FunctionFamily = {
  'conv.ToString': toText,
  'conv.ToStrings': (...values) => values.map(toText),
  'conv.ToInt': toInteger,
  'conv.ToInt64': toInteger,
  'conv.ToInts': (...values) => values.map(toInteger),
  'conv.ToInt64s': (...values) => values.map(toInteger),
  'conv.Atoi': toInteger,
  'conv.ToFloat64': toFloat,
  'conv.ToFloat64s': (...values) => values.map(toFloat),
  'conv.ToBool': toBool,
  'conv.Bool': toBool,
  'conv.Default': fallback,
  'conv.Join': join,
  'conv.Has': (map, key) =>
    map !== null && typeof map === 'object' && Object.hasOwn(map, toText(key)),
  toString: toText,
  toInt: toInteger,
  toFloat: toFloat,
  bool: toBool,
  default: fallback,
  join,
};
