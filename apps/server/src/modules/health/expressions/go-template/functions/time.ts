import { toFloat, toInteger, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

const units: readonly [string, number][] = [
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

/** Go's time.ParseDuration, in milliseconds. */
export function parseDuration(text: string): number {
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]/, '');
  if (body === '0') return 0;
  let total = 0;
  let consumed = 0;
  for (const match of body.matchAll(pattern)) {
    const factor =
      { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ??
      1;
    total += Number(match[1]) * factor;
    consumed += match[0].length;
  }
  if (consumed === 0 || consumed !== body.length)
    throw new Error(`time: invalid duration "${text}"`);
  return sign * total;
}

/** Go's Duration.String for a count of milliseconds, e.g. 1h2m3s or 1.5s. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${Number(rest.toFixed(3))}ms`;
  let out = '';
  for (const [unit, size] of units.slice(0, 2)) {
    const count = Math.floor(rest / size);
    if (count > 0 || out !== '') out += `${count}${unit}`;
    rest -= count * size;
  }
  return `${sign}${out}${Number((rest / 1000).toFixed(9))}s`;
}

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'bigint' || typeof value === 'number') return new Date(Number(value) * 1000);
  const date = new Date(toText(value));
  if (Number.isNaN(date.getTime())) throw new Error(`cannot parse "${toText(value)}" as a time`);
  return date;
}

/** "3 hours ago", as canary-checker's humanizeTime prints a past moment. */
export function humanizeTime(value: unknown): string {
  const seconds = Math.round((Date.now() - toDate(value).getTime()) / 1000);
  const ago = seconds >= 0 ? 'ago' : 'from now';
  const abs = Math.abs(seconds);
  const steps: readonly [number, string][] = [
    [31_536_000, 'year'],
    [2_592_000, 'month'],
    [604_800, 'week'],
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  if (abs < 1) return 'now';
  for (const [size, name] of steps) {
    if (abs >= size) {
      const count = Math.floor(abs / size);
      return `${count} ${name}${count === 1 ? '' : 's'} ${ago}`;
    }
  }
  return 'now';
}

/** gomplate's `time` namespace: moments are Dates, durations text as Go prints them. */
export const timeFunctions: FunctionFamily = {
  'time.Now': () => new Date(),
  'time.Unix': (seconds) => new Date(toFloat(seconds) * 1000),
  'time.Parse': (_layout, value) => toDate(value),
  'time.ParseDuration': (text) => formatDuration(parseDuration(toText(text))),
  'time.Since': (value) => formatDuration(Date.now() - toDate(value).getTime()),
  'time.Until': (value) => formatDuration(toDate(value).getTime() - Date.now()),
  'time.Hour': (n) => formatDuration(Number(toInteger(n ?? 1n)) * 3_600_000),
  'time.Minute': (n) => formatDuration(Number(toInteger(n ?? 1n)) * 60_000),
  'time.Second': (n) => formatDuration(Number(toInteger(n ?? 1n)) * 1000),
  humanizeTime,
  humanDuration: (value) =>
    formatDuration(typeof value === 'string' ? parseDuration(value) : toFloat(value) / 1e6),
  humanizeDuration: (value) =>
    formatDuration(typeof value === 'string' ? parseDuration(value) : toFloat(value) / 1e6),
};
