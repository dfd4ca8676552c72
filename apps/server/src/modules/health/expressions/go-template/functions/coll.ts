import { isTrue, sortedEntries } from '../values.ts';
import { toList, toRecord, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

function dict(...args: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2)
    out[toText(args[i])] = i + 1 < args.length ? args[i + 1] : '';
  return out;
}

function has(map: unknown, key: unknown): boolean {
  if (Array.isArray(map)) return map.includes(key);
  if (map instanceof Map) return map.has(key);
  return map !== null && typeof map === 'object' && Object.hasOwn(map, toText(key));
}

function merge(destination: unknown, ...sources: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const source of [...sources].reverse()) Object.assign(out, toRecord(source));
  return Object.assign(out, toRecord(destination));
}

function uniq(list: unknown): unknown[] {
  return [...new Set(toList(list))];
}

function sortList(...args: unknown[]): unknown[] {
  const list = toList(args.at(-1));
  const key = args.length === 2 ? toText(args[0]) : undefined;
  const value = (item: unknown) => (key === undefined ? item : toRecord(item)[key]);
  return [...list].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (typeof x === typeof y && (typeof x === 'number' || typeof x === 'bigint'))
      return Number(x) - Number(y);
    return toText(x) < toText(y) ? -1 : toText(x) > toText(y) ? 1 : 0;
  });
}

function pick(...args: unknown[]): Record<string, unknown> {
  const map = toRecord(args.at(-1));
  const keys = new Set(args.slice(0, -1).map(toText));
  return Object.fromEntries(Object.entries(map).filter(([k]) => keys.has(k)));
}

function omit(...args: unknown[]): Record<string, unknown> {
  const map = toRecord(args.at(-1));
  const keys = new Set(args.slice(0, -1).map(toText));
  return Object.fromEntries(Object.entries(map).filter(([k]) => !keys.has(k)));
}

function flatten(...args: unknown[]): unknown[] {
  const depth = args.length === 2 ? Number(args[0]) : -1;
  const list = toList(args.at(-1));
  return list.flat(depth < 0 ? Infinity : depth);
}

function keys(map: unknown): string[] {
  return sortedEntries(toRecord(map)).map(([k]) => toText(k));
}

/** gomplate's `coll` namespace and its aliases. */
export const collFunctions: FunctionFamily = {
  'coll.Slice': (...items) => items,
  'coll.Has': has,
  'coll.Dict': dict,
  'coll.Keys': keys,
  'coll.Values': (map) => sortedEntries(toRecord(map)).map(([, v]) => v),
  'coll.Append': (value, list) => [...toList(list), value],
  'coll.Prepend': (value, list) => [value, ...toList(list)],
  'coll.Uniq': uniq,
  'coll.Reverse': (list) => [...toList(list)].reverse(),
  'coll.Merge': merge,
  'coll.Sort': sortList,
  'coll.Flatten': flatten,
  'coll.Pick': pick,
  'coll.Omit': omit,
  'coll.Coalesce': (...values) => values.find(isTrue) ?? null,
  'coll.First': (list) => toList(list)[0],
  'coll.Last': (list) => toList(list).at(-1),
  has,
  dict,
  keys,
  values: (map) => sortedEntries(toRecord(map)).map(([, v]) => v),
  append: (value, list) => [...toList(list), value],
  prepend: (value, list) => [value, ...toList(list)],
  uniq,
  reverse: (list) => [...toList(list)].reverse(),
  merge,
  sort: sortList,
  flatten,
  coalesce: (...values) => values.find(isTrue) ?? null,
  first: (list) => toList(list)[0],
  last: (list) => toList(list).at(-1),
};
