import { defineCelFunctions, fn } from './function-family.ts';
import { durationFromNanos, nanosOf, parseGoDuration } from './durations.ts';
import { parseGoTime } from './go-time-layout.ts';
import { humanDuration } from './human-duration.ts';
import { numberOf, stringOf, textOf } from './values.ts';

const ts = 'google.protobuf.Timestamp';
const dur = 'google.protobuf.Duration';

function sinceNanos(time: Date): bigint {
  return BigInt(Date.now() - time.getTime()) * 1_000_000n;
}

/** gomplate's Age: time since an RFC 3339 text or timestamp; a number is nanoseconds. */
function ageNanos(value: unknown): bigint {
  if (typeof value === 'string') return sinceNanos(rfc3339(value));
  if (value instanceof Date) return sinceNanos(value);
  return BigInt(Math.trunc(numberOf(value)));
}

function rfc3339(text: string): Date {
  const parsed = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(parsed.getTime())) {
    throw new Error(`cannot parse "${text}" as RFC 3339`);
  }
  return parsed;
}

/** time.*, durations with days (`Duration("7d")`), `HumanDuration` and `Age`, as gomplate. */
export const timeFunctions = defineCelFunctions({
  family: 'time',
  namespaces: ['time'],
  functions: [
    fn(`time.Now(): ${ts}`, () => new Date()),
    fn(`time.Since(${ts}): ${dur}`, (t: Date) => durationFromNanos(sinceNanos(t))),
    fn(`time.Until(${ts}): ${dur}`, (t: Date) => durationFromNanos(-sinceNanos(t))),
    fn(`time.ParseDuration(string): ${dur}`, (s: string) => durationFromNanos(parseGoDuration(s))),
    fn(`time.Unix(int): ${ts}`, (s: bigint) => new Date(Number(s) * 1000)),
    fn(`time.Unix(double): ${ts}`, (s: number) => new Date(s * 1000)),
    fn(`time.Parse(string, dyn): ${ts}`, (l: string, v: unknown) => parseGoTime(l, textOf(v))),
    fn(`time.ParseLocal(string, dyn): ${ts}`, (l: string, v: unknown) =>
      parseGoTime(l, textOf(v), Intl.DateTimeFormat().resolvedOptions().timeZone),
    ),
    fn(`time.ParseInLocation(string, string, dyn): ${ts}`, (l: string, z: string, v: unknown) =>
      parseGoTime(l, textOf(v), z),
    ),
    // cel-go's string(timestamp) is RFC 3339 with the fraction trimmed; cel-js lacks it.
    fn(`string(${ts}): string`, (t: Date) => t.toISOString().replace(/\.?0*Z$/, 'Z')),
    fn('time.ZoneName(): string', () => zoneName()),
    fn('time.ZoneOffset(): int', () => BigInt(-new Date().getTimezoneOffset() * 60)),
    // gomplate answers a zero duration, not an error, for text it cannot parse.
    fn(`Duration(string): ${dur}`, (s: string) => {
      try {
        return durationFromNanos(parseGoDuration(s));
      } catch {
        return durationFromNanos(0n);
      }
    }),
    fn(`duration(double): ${dur}`, (n: number) => durationFromNanos(BigInt(Math.trunc(n)))),
    fn(`duration(int): ${dur}`, (n: bigint) => durationFromNanos(n)),
    fn(`Age(dyn): ${dur}`, (v: unknown) => durationFromNanos(ageNanos(v))),
    fn(`age(dyn): ${dur}`, (v: unknown) => durationFromNanos(ageNanos(v))),
    fn(`HumanDuration(${dur}): string`, (d: unknown) => humanDuration(nanosOf(d))),
    fn('HumanDuration(int): string', (n: bigint) => humanDuration(n)),
    fn('HumanDuration(double): string', (n: number) => humanDuration(nanosOf(n))),
    fn('HumanDuration(string): string', (s: string) => humanDuration(parseGoDuration(stringOf(s)))),
  ],
});

function zoneName(): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}
