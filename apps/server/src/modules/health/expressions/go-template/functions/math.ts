import { toFloat, toInteger } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

type Numeric = number | bigint;

/** Whole-number arguments give a whole number (Go int64), any float gives a float. */
function arithmetic(
  values: unknown[],
  ints: (a: bigint, b: bigint) => bigint,
  floats: (a: number, b: number) => number,
): Numeric {
  const allInts = values.every(
    (v) => typeof v === 'bigint' || (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())),
  );
  if (allInts) return values.map(toInteger).reduce(ints);
  return values.map(toFloat).reduce(floats);
}

function div(a: unknown, b: unknown): number {
  const divisor = toFloat(b);
  if (divisor === 0) throw new Error('divide by zero');
  return toFloat(a) / divisor;
}

function seq(...args: unknown[]): bigint[] {
  const [start, end, step] =
    args.length === 1
      ? [1n, toInteger(args[0]), 1n]
      : [toInteger(args[0]), toInteger(args[1]), toInteger(args[2] ?? 1)];
  const out: bigint[] = [];
  const by = step === 0n ? 1n : step < 0n ? -step : step;
  if (start <= end) for (let i = start; i <= end && out.length < 100_000; i += by) out.push(i);
  else for (let i = start; i >= end && out.length < 100_000; i -= by) out.push(i);
  return out;
}

const add = (...v: unknown[]) =>
  arithmetic(
    v,
    (a, b) => a + b,
    (a, b) => a + b,
  );
const sub = (a: unknown, b: unknown) =>
  arithmetic(
    [a, b],
    (x, y) => x - y,
    (x, y) => x - y,
  );
const mul = (...v: unknown[]) =>
  arithmetic(
    v,
    (a, b) => a * b,
    (a, b) => a * b,
  );
const pow = (a: unknown, b: unknown) => toFloat(a) ** toFloat(b);

function rem(a: unknown, b: unknown): bigint {
  const divisor = toInteger(b);
  if (divisor === 0n) throw new Error('divide by zero');
  return toInteger(a) % divisor;
}

/** gomplate's `math` namespace and its aliases (add, sub, mul, div, rem, pow, seq). */
export const mathFunctions: FunctionFamily = {
  'math.Add': add,
  'math.Sub': sub,
  'math.Mul': mul,
  'math.Div': div,
  'math.Rem': rem,
  'math.Pow': pow,
  'math.Seq': seq,
  'math.Abs': (v) => Math.abs(toFloat(v)),
  'math.Ceil': (v) => Math.ceil(toFloat(v)),
  'math.Floor': (v) => Math.floor(toFloat(v)),
  'math.Round': (v) => Math.round(toFloat(v)),
  'math.Max': (...v) => Math.max(...v.map(toFloat)),
  'math.Min': (...v) => Math.min(...v.map(toFloat)),
  add,
  sub,
  mul,
  div,
  rem,
  pow,
  seq,
};
