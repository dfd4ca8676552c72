const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

// Building an Intl formatter costs far more than formatting: tables format hundreds of cells.
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
// What `toLocaleString(undefined, { timeZoneName: 'short' })` formats with, built once.
const absoluteFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  timeZoneName: 'short',
});

export function formatRelative(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** Relative time, with the absolute time and timezone on hover; blank for a missing date. */
export function RelativeTime({ value }: { value: string | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() <= 1) return null;
  const absolute = absoluteFormat.format(date);
  return (
    <time dateTime={date.toISOString()} title={absolute}>
      {formatRelative(date)}
    </time>
  );
}
