import { Environment } from '@marcbachmann/cel-js';

/** cel-js does not export its Duration class; its own `duration()` builds them for us. */
const builder = new Environment().registerVariable('text', 'string').parse('duration(text)');

const units: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
  d: 86_400_000_000_000n,
  w: 604_800_000_000_000n,
  y: 31_536_000_000_000_000n,
};
const part = /^(\d*)(?:\.(\d*))?([a-zµμ]+)/;

export function durationFromNanos(nanos: bigint): unknown {
  return builder({ text: `${nanos}ns` });
}

export function isDuration(value: unknown): value is { seconds: bigint; nanos: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'seconds' in value &&
    typeof value.seconds === 'bigint' &&
    'nanos' in value &&
    typeof value.nanos === 'number'
  );
}

export function nanosOf(value: unknown): bigint {
  if (isDuration(value)) return value.seconds * 1_000_000_000n + BigInt(value.nanos);
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
  throw new Error('expected a duration');
}

/** Go's duration syntax plus gomplate's `d`, `w` and `y` (365 days): "1h30m", "7d", "-2h45m". */
export function parseGoDuration(text: string): bigint {
  let rest = text;
  const negative = rest.startsWith('-');
  if (negative || rest.startsWith('+')) rest = rest.slice(1);
  if (rest === '0') return 0n;
  if (rest === '') throw new Error(`invalid duration "${text}"`);
  let total = 0n;
  while (rest !== '') {
    const match = part.exec(rest);
    const unit = match?.[3] === undefined ? undefined : units[match[3]];
    if (!match || unit === undefined || (match[1] === '' && (match[2] ?? '') === '')) {
      throw new Error(`invalid duration "${text}"`);
    }
    const fraction = match[2] ?? '';
    total += BigInt(match[1] || '0') * unit;
    if (fraction !== '') total += (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length);
    rest = rest.slice(match[0].length);
  }
  return negative ? -total : total;
}
