/** Parsing text by a Go reference-time layout ("2006-01-02 15:04"), as Go's time.Parse. */

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Token {
  readonly layout: string;
  readonly pattern: string;
  readonly field?: keyof Fields;
}

interface Fields {
  year: string;
  year2: string;
  month: string;
  monthName: string;
  day: string;
  yday: string;
  hour: string;
  hour12: string;
  minute: string;
  second: string;
  fraction: string;
  ampm: string;
  zone: string;
  weekday: string;
  zoneName: string;
}

const names = (list: string[], len?: number) =>
  list.map((n) => (len === undefined ? n : n.slice(0, len))).join('|');

// Longest first, as Go's layout scanner prefers "2006" over "2" and "January" over "Jan".
const tokens: readonly Token[] = [
  { layout: 'January', pattern: names(months), field: 'monthName' },
  { layout: 'Monday', pattern: names(days), field: 'weekday' },
  { layout: 'Z07:00', pattern: 'Z|[+-]\\d{2}:\\d{2}', field: 'zone' },
  { layout: '-07:00', pattern: '[+-]\\d{2}:\\d{2}', field: 'zone' },
  { layout: 'Z0700', pattern: 'Z|[+-]\\d{4}', field: 'zone' },
  { layout: '-0700', pattern: '[+-]\\d{4}', field: 'zone' },
  { layout: 'Z07', pattern: 'Z|[+-]\\d{2}', field: 'zone' },
  { layout: '-07', pattern: '[+-]\\d{2}', field: 'zone' },
  { layout: '2006', pattern: '\\d{4}', field: 'year' },
  { layout: 'Jan', pattern: names(months, 3), field: 'monthName' },
  { layout: 'Mon', pattern: names(days, 3), field: 'weekday' },
  { layout: 'MST', pattern: '[A-Z]{3,5}|[+-]\\d+', field: 'zoneName' },
  { layout: '002', pattern: '\\d{3}', field: 'yday' },
  { layout: '_2', pattern: ' ?\\d{1,2}', field: 'day' },
  { layout: '01', pattern: '\\d{2}', field: 'month' },
  { layout: '02', pattern: '\\d{2}', field: 'day' },
  { layout: '03', pattern: '\\d{2}', field: 'hour12' },
  { layout: '04', pattern: '\\d{2}', field: 'minute' },
  { layout: '05', pattern: '\\d{2}', field: 'second' },
  { layout: '06', pattern: '\\d{2}', field: 'year2' },
  { layout: '15', pattern: '\\d{1,2}', field: 'hour' },
  { layout: 'PM', pattern: 'AM|PM', field: 'ampm' },
  { layout: 'pm', pattern: 'am|pm', field: 'ampm' },
  { layout: '1', pattern: '\\d{1,2}', field: 'month' },
  { layout: '2', pattern: '\\d{1,2}', field: 'day' },
  { layout: '3', pattern: '\\d{1,2}', field: 'hour12' },
  { layout: '4', pattern: '\\d{1,2}', field: 'minute' },
  { layout: '5', pattern: '\\d{1,2}', field: 'second' },
];
const fraction = /^[.,](0+|9+)(?!\d)/;

function layoutRegex(layout: string): RegExp {
  let source = '';
  const seen = new Set<string>();
  const group = (field: string, pattern: string) => {
    const named = !seen.has(field);
    seen.add(field);
    return named ? `(?<${field}>${pattern})` : `(?:${pattern})`;
  };
  for (let at = 0; at < layout.length;) {
    const rest = layout.slice(at);
    const frac = fraction.exec(rest);
    if (frac) {
      const digits = frac[1] ?? '';
      const count = digits.startsWith('0') ? `{${digits.length}}` : '+';
      source += `${digits.startsWith('9') ? '(?:' : ''}[.,]${group('fraction', `\\d${count}`)}${digits.startsWith('9') ? ')?' : ''}`;
      at += frac[0].length;
      continue;
    }
    const token = tokens.find((t) => rest.startsWith(t.layout));
    if (token?.field) {
      source += group(token.field, token.pattern);
      at += token.layout.length;
      continue;
    }
    source += (layout[at] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    at += 1;
  }
  return new RegExp(`^${source}$`);
}

function zoneOffsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.replace(':', '');
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3, 5) || '0');
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** The offset of an IANA zone at a UTC instant, in minutes east of UTC. */
function offsetIn(timeZone: string, utcMillis: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMillis));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((wall - Math.floor(utcMillis / 1000) * 1000) / 60000);
}

/**
 * Go's time.Parse: text without a zone is in `location` (UTC for time.Parse, the server's
 * zone for ParseLocal, a named IANA zone for ParseInLocation).
 */
export function parseGoTime(layout: string, text: string, location = 'UTC'): Date {
  const match = layoutRegex(layout).exec(text);
  const f: Partial<Fields> = match?.groups ?? {};
  if (!match) throw new Error(`parsing time "${text}" as "${layout}": cannot parse`);
  const year = f.year
    ? Number(f.year)
    : f.year2
      ? 2000 + Number(f.year2) - (Number(f.year2) >= 69 ? 100 : 0)
      : 0;
  const monthName = f.monthName?.slice(0, 3);
  const month = f.month
    ? Number(f.month)
    : monthName
      ? months.findIndex((m) => m.startsWith(monthName)) + 1
      : 1;
  let hour = Number(f.hour ?? f.hour12 ?? '0');
  if (f.ampm?.toUpperCase() === 'PM' && hour < 12) hour += 12;
  if (f.ampm?.toUpperCase() === 'AM' && hour === 12) hour = 0;
  const day = Number(f.day?.trim() ?? '1');
  const millis = Number((f.fraction ?? '').padEnd(3, '0').slice(0, 3) || '0');
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    Number(f.minute ?? 0) > 59 ||
    Number(f.second ?? 0) > 59
  ) {
    throw new Error(`parsing time "${text}": value out of range`);
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, Number(f.minute ?? '0'), Number(f.second ?? '0'), millis);
  if (date.getUTCDate() !== day) throw new Error(`parsing time "${text}": day out of range`);
  const wall = date.getTime();
  if (f.zone !== undefined) return new Date(wall - zoneOffsetMinutes(f.zone) * 60000);
  if (location === 'UTC') return date;
  const guess = wall - offsetIn(location, wall) * 60000;
  return new Date(wall - offsetIn(location, guess) * 60000);
}
