import { defineCelFunctions, fn } from './function-family.ts';
import { listOf, numberOf } from './values.ts';

/** gomplate's math answers int when every input is whole, else double. */
function result(value: number, ...inputs: unknown[]): bigint | number {
  const whole = inputs.every((i) => typeof i === 'bigint') && Number.isInteger(value);
  return whole ? BigInt(value) : value;
}

function fold(items: unknown, start: number, step: (a: number, b: number) => number) {
  const list = listOf(items);
  return result(list.map(numberOf).reduce(step, start), ...list);
}

function extreme(items: unknown[], pick: (a: number, b: number) => boolean): unknown {
  if (items.length === 0) throw new Error('math.greatest/least need at least one value');
  return items.reduce((best, item) => (pick(numberOf(item), numberOf(best)) ? item : best));
}

function seq(bounds: unknown): bigint[] {
  const [a, b, c] = listOf(bounds).map(numberOf);
  const [start, end, step] = b === undefined ? [1, a ?? 0, 1] : [a ?? 0, b, c ?? 1];
  if (step === 0) throw new Error('math.Seq step must not be 0');
  const out: bigint[] = [];
  const direction = start <= end ? Math.abs(step) : -Math.abs(step);
  for (let i = start; direction > 0 ? i <= end : i >= end; i += direction) {
    out.push(BigInt(Math.trunc(i)));
    if (out.length > 100_000) throw new Error('math.Seq is limited to 100000 values');
  }
  return out;
}

/** gomplate's math.* (capitalised) and cel-go's math ext (greatest, least, bit operations). */
export const mathFunctions = defineCelFunctions({
  family: 'math',
  namespaces: ['math'],
  functions: [
    fn('math.Add(list): dyn', (l: unknown) => fold(l, 0, (a, b) => a + b)),
    fn('math.Mul(list): dyn', (l: unknown) => fold(l, 1, (a, b) => a * b)),
    fn('math.Sub(dyn, dyn): dyn', (a: unknown, b: unknown) =>
      result(numberOf(a) - numberOf(b), a, b),
    ),
    fn('math.Div(dyn, dyn): dyn', (a: unknown, b: unknown) => {
      if (numberOf(b) === 0) throw new Error('divide by zero');
      return result(numberOf(a) / numberOf(b), a, b);
    }),
    fn('math.Rem(dyn, dyn): dyn', (a: unknown, b: unknown) => {
      if (numberOf(b) === 0) throw new Error('divide by zero');
      return result(numberOf(a) % numberOf(b), a, b);
    }),
    fn('math.Pow(dyn, dyn): dyn', (a: unknown, b: unknown) =>
      result(numberOf(a) ** numberOf(b), a, b),
    ),
    fn('math.Seq(list): list<int>', (l: unknown) => seq(l)),
    fn('math.Abs(dyn): dyn', (a: unknown) => result(Math.abs(numberOf(a)), a)),
    fn('math.Ceil(dyn): double', (a: unknown) => Math.ceil(numberOf(a))),
    fn('math.Floor(dyn): double', (a: unknown) => Math.floor(numberOf(a))),
    // Go's math.Round rounds half away from zero; JavaScript's Math.round rounds half up.
    fn(
      'math.Round(dyn): double',
      (a: unknown) => Math.sign(numberOf(a)) * Math.round(Math.abs(numberOf(a))),
    ),
    fn('math.Trunc(dyn): double', (a: unknown) => Math.trunc(numberOf(a))),
    fn('math.Sign(dyn): dyn', (a: unknown) => result(Math.sign(numberOf(a)), a)),
    fn('math.Sqrt(dyn): double', (a: unknown) => Math.sqrt(numberOf(a))),
    fn('math.IsNaN(double): bool', (a: number) => Number.isNaN(a)),
    fn('math.IsInf(double): bool', (a: number) => a === Infinity || a === -Infinity),
    fn('math.IsFinite(double): bool', (a: number) => Number.isFinite(a)),
    fn('math.IsInt(dyn): bool', (a: unknown) => typeof a === 'bigint'),
    fn('math.IsFloat(dyn): bool', (a: unknown) => typeof a === 'number'),
    fn('math.IsNum(dyn): bool', (a: unknown) => typeof a === 'bigint' || typeof a === 'number'),
    fn('math.greatest(list): dyn', (l: unknown) => extreme(listOf(l), (a, b) => a > b)),
    fn('math.least(list): dyn', (l: unknown) => extreme(listOf(l), (a, b) => a < b)),
    fn('math.greatest(dyn, dyn): dyn', (a: unknown, b: unknown) =>
      extreme([a, b], (x, y) => x > y),
    ),
    fn('math.least(dyn, dyn): dyn', (a: unknown, b: unknown) => extreme([a, b], (x, y) => x < y)),
    fn('math.greatest(dyn, dyn, dyn): dyn', (a: unknown, b: unknown, c: unknown) =>
      extreme([a, b, c], (x, y) => x > y),
    ),
    fn('math.least(dyn, dyn, dyn): dyn', (a: unknown, b: unknown, c: unknown) =>
      extreme([a, b, c], (x, y) => x < y),
    ),
    fn('math.bitOr(int, int): int', (a: bigint, b: bigint) => a | b),
    fn('math.bitAnd(int, int): int', (a: bigint, b: bigint) => a & b),
    fn('math.bitXor(int, int): int', (a: bigint, b: bigint) => a ^ b),
    fn('math.bitNot(int): int', (a: bigint) => ~a),
    fn('math.bitShiftLeft(int, int): int', (a: bigint, n: bigint) => BigInt.asIntN(64, a << n)),
    fn('math.bitShiftRight(int, int): int', (a: bigint, n: bigint) => a >> n),
  ],
});
