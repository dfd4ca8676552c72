import { defineCelFunctions, fn } from './function-family.ts';
import { entriesOf, listOf, numberOf, textOf } from './values.ts';

function sameValue(a: unknown, b: unknown): boolean {
  if (isNumeric(a) && isNumeric(b)) return numberOf(a) === numberOf(b);
  return a === b || JSON.stringify(a, big) === JSON.stringify(b, big);
}
const isScalar = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';
/** int, double and uint (a cel-js object around a bigint) compare by value, as in cel-go. */
const isNumeric = (v: unknown) =>
  isScalar(v) || (typeof v === 'object' && v !== null && typeof v.valueOf() === 'bigint');
const big = (_key: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

function distinct(list: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const item of list) if (!out.some((seen) => sameValue(seen, item))) out.push(item);
  return out;
}

function compare(a: unknown, b: unknown): number {
  if (isScalar(a) && isScalar(b)) return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new Error('sort needs a list of numbers or of strings');
}

function flatten(list: unknown[]): unknown[] {
  return list.flatMap((item) => (Array.isArray(item) ? flatten(item) : [item]));
}

function slice(list: unknown[], start: bigint, end: bigint): unknown[] {
  const [s, e] = [Number(start), Number(end)];
  if (s < 0 || e < 0) throw new Error(`cannot slice(${s}, ${e}), negative indexes not supported`);
  if (s > e)
    throw new Error(
      `cannot slice(${s}, ${e}), start index must be less than or equal to end index`,
    );
  if (e > list.length) throw new Error(`cannot slice(${s}, ${e}), list is length ${list.length}`);
  return list.slice(s, e);
}

function range(start: bigint, end: bigint, step: bigint): bigint[] {
  if (step === 0n) throw new Error('range step must not be 0');
  if ((end - start) / step > 100_000n) throw new Error('range is limited to 100000 values');
  const out: bigint[] = [];
  for (let i = start; step > 0n ? i < end : i > end; i += step) out.push(i);
  return out;
}

const keys = (m: unknown) => entriesOf(m).map(([k]) => k);
const pick = (m: unknown, wanted: unknown, keep: boolean) => {
  const names = new Set(listOf(wanted).map(textOf));
  return Object.fromEntries(entriesOf(m).filter(([k]) => names.has(k) === keep));
};

function keyValToMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    if (at < 0) throw new Error(`"${pair}" is not key=value`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

const mapToKeyVal = (m: unknown) =>
  entriesOf(m)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${textOf(v)}`)
    .join(',');

/** Maps and lists: gomplate's coll funcs and cel-go's lists and sets extensions. */
export const collectionFunctions = defineCelFunctions({
  family: 'collections',
  namespaces: ['sets'],
  functions: [
    fn('map.keys(): list<string>', (m: unknown) => keys(m)),
    fn('map.values(): list', (m: unknown) => entriesOf(m).map(([, v]) => v)),
    fn('map.merge(map): map', (a: unknown, b: unknown) => ({
      ...Object.fromEntries(entriesOf(a)),
      ...Object.fromEntries(entriesOf(b)),
    })),
    fn('merge(map, map): map', (a: unknown, b: unknown) => ({
      ...Object.fromEntries(entriesOf(a)),
      ...Object.fromEntries(entriesOf(b)),
    })),
    fn('map.omit(list): map', (m: unknown, l: unknown) => pick(m, l, false)),
    fn('map.pick(list): map', (m: unknown, l: unknown) => pick(m, l, true)),
    fn('map.mapToKeyVal(): string', (m: unknown) => mapToKeyVal(m)),
    fn('mapToKeyVal(map): string', (m: unknown) => mapToKeyVal(m)),
    fn('keyValToMap(string): map<string, string>', (s: string) => keyValToMap(s)),
    fn('list.sort(): list', (l: unknown[]) => [...l].sort(compare)),
    fn('list.distinct(): list', (l: unknown[]) => distinct(l)),
    fn('list.uniq(): list', (l: unknown[]) => distinct(l)),
    fn('list.flatten(): list', (l: unknown[]) => flatten(l)),
    fn('list.reverse(): list', (l: unknown[]) => [...l].reverse()),
    fn('list.slice(int, int): list', (l: unknown[], s: bigint, e: bigint) => slice(l, s, e)),
    fn('list.first(): dyn', (l: unknown[]) => l[0] ?? null),
    fn('list.last(): dyn', (l: unknown[]) => l.at(-1) ?? null),
    fn('range(int): list<int>', (n: bigint) => range(0n, n, 1n)),
    fn('range(int, int): list<int>', (a: bigint, b: bigint) => range(a, b, 1n)),
    fn('range(int, int, int): list<int>', (a: bigint, b: bigint, s: bigint) => range(a, b, s)),
    fn('sets.contains(list, list): bool', (a: unknown[], b: unknown[]) =>
      b.every((x) => a.some((y) => sameValue(x, y))),
    ),
    fn(
      'sets.equivalent(list, list): bool',
      (a: unknown[], b: unknown[]) =>
        b.every((x) => a.some((y) => sameValue(x, y))) &&
        a.every((x) => b.some((y) => sameValue(x, y))),
    ),
    fn('sets.intersects(list, list): bool', (a: unknown[], b: unknown[]) =>
      a.some((x) => b.some((y) => sameValue(x, y))),
    ),
  ],
});
