/**
 * The job history time range (spec 002 §9): relative (last 2 days), absolute (from, to) or
 * mapped (Yesterday, This week so far …). Bounds are data API values: ISO times, or date math
 * (`now-2d`, `now`) for bounds that move with the clock, so a query key stays stable.
 */
export type TimeRange =
  | { type: 'relative'; range: string }
  | { type: 'absolute'; from: string; to: string }
  | { type: 'mapped'; display: string };

export interface TimeBounds {
  from: string;
  to: string;
}

/** Spec 002 §9: the last 2 days unless the URL says otherwise. */
export const defaultRelativeRange = '2d';
export const defaultTimeRange: TimeRange = { type: 'relative', range: defaultRelativeRange };

const relativeUnits: Record<string, [string, string]> = {
  m: ['minute', 'minutes'],
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  M: ['month', 'months'],
  y: ['year', 'years'],
};

export const relativeRanges = [
  '5m',
  '15m',
  '30m',
  '1h',
  '3h',
  '6h',
  '12h',
  '24h',
  '2d',
  '7d',
  '30d',
  '90d',
  '6M',
  '1y',
  '2y',
  '5y',
] as const;

function parseRelative(range: string): { amount: number; unit: string } | undefined {
  const match = /^(\d{1,4})(m|h|d|M|y)$/.exec(range);
  if (!match || Number(match[1]) <= 0) return undefined;
  return { amount: Number(match[1]), unit: match[2] ?? 'd' };
}

export function relativeLabel(range: string): string {
  const parsed = parseRelative(range);
  if (!parsed) return range;
  const [one, many] = relativeUnits[parsed.unit] ?? ['', ''];
  return `Last ${parsed.amount} ${parsed.amount === 1 ? one : many}`;
}

type Span = (now: Date) => { from: Date; to: Date | 'now' };

const startOfDay = (date: Date, days = 0): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** Weeks start on Monday (ISO 8601). */
const startOfWeek = (date: Date, weeks = 0): Date =>
  startOfDay(date, -((date.getDay() + 6) % 7) + weeks * 7);
const startOfMonth = (date: Date, months = 0): Date =>
  new Date(date.getFullYear(), date.getMonth() + months, 1);
const startOfYear = (date: Date, years = 0): Date => new Date(date.getFullYear() + years, 0, 1);

export const mappedRanges: ReadonlyArray<readonly [string, Span]> = [
  ['Yesterday', (now) => ({ from: startOfDay(now, -1), to: startOfDay(now) })],
  ['Day before yesterday', (now) => ({ from: startOfDay(now, -2), to: startOfDay(now, -1) })],
  ['This day last week', (now) => ({ from: startOfDay(now, -7), to: startOfDay(now, -6) })],
  ['Previous week', (now) => ({ from: startOfWeek(now, -1), to: startOfWeek(now) })],
  ['Previous month', (now) => ({ from: startOfMonth(now, -1), to: startOfMonth(now) })],
  ['Previous year', (now) => ({ from: startOfYear(now, -1), to: startOfYear(now) })],
  ['Today', (now) => ({ from: startOfDay(now), to: startOfDay(now, 1) })],
  ['Today so far', (now) => ({ from: startOfDay(now), to: 'now' })],
  ['This week', (now) => ({ from: startOfWeek(now), to: startOfWeek(now, 1) })],
  ['This week so far', (now) => ({ from: startOfWeek(now), to: 'now' })],
  ['This month', (now) => ({ from: startOfMonth(now), to: startOfMonth(now, 1) })],
  ['This month so far', (now) => ({ from: startOfMonth(now), to: 'now' })],
  ['This year', (now) => ({ from: startOfYear(now), to: startOfYear(now, 1) })],
  ['This year so far', (now) => ({ from: startOfYear(now), to: 'now' })],
];

function validDate(text: string): boolean {
  return text !== '' && !Number.isNaN(new Date(text).getTime());
}

/**
 * The bounds of a range, or undefined (logged) for one that cannot be applied: a bad
 * relative range, an unknown mapped option or an absolute range with a bad date (§8).
 */
export function timeBounds(range: TimeRange, now: Date = new Date()): TimeBounds | undefined {
  if (range.type === 'relative') {
    if (parseRelative(range.range)) return { from: `now-${range.range}`, to: 'now' };
    console.warn(`Invalid relative time range: ${range.range}`);
    return undefined;
  }
  if (range.type === 'absolute') {
    if (validDate(range.from) && validDate(range.to)) {
      return { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() };
    }
    console.warn(`Invalid absolute time range: ${range.from} to ${range.to}`);
    return undefined;
  }
  const span = mappedRanges.find(([display]) => display === range.display)?.[1];
  if (!span) {
    console.warn(`Invalid mapped time range: ${range.display}`);
    return undefined;
  }
  const { from, to } = span(now);
  return { from: from.toISOString(), to: to === 'now' ? 'now' : to.toISOString() };
}

/** What the picker button shows. */
export function timeRangeLabel(range: TimeRange): string {
  if (range.type === 'relative') return relativeLabel(range.range);
  if (range.type === 'mapped') return range.display;
  const format = (text: string): string =>
    validDate(text)
      ? new Date(text).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
      : text;
  return `${format(range.from)} to ${format(range.to)}`;
}
