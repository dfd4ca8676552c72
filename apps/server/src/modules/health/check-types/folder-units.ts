/** Sizes, durations and `since` times as canary-checker folder specs write them. */

const sizeUnits: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
  p: 1024 ** 5,
  pb: 1024 ** 5,
  pib: 1024 ** 5,
};

/** `25b`, `2M`, `10 MB`, `1.5GiB`, `100` (bytes); binary multiples as canary-checker uses. */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = sizeUnits[(match[2] ?? '').toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(match[1]) * unit);
}

const durationUnits: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/** Go-style durations with days, weeks and years: `30s`, `1h30m`, `7d`, `2w`. In ms. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w|y))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const part of trimmed.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/g)) {
    total += Number(part[1]) * (durationUnits[part[2] ?? ''] ?? 0);
  }
  return total;
}

const mathUnits: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/**
 * `filter.since`: an RFC 3339 time (with or without zone, read as UTC) or date math such as
 * `now-60d` or `now-1h+5m`.
 */
export function parseSince(text: string, now: number = Date.now()): number | undefined {
  const trimmed = text.trim();
  const math = /^now((?:[+-]\d+[smhdwMy])*)$/.exec(trimmed);
  if (math) {
    let time = now;
    for (const step of (math[1] ?? '').matchAll(/([+-])(\d+)([smhdwMy])/g)) {
      const amount = Number(step[2]) * (mathUnits[step[3] ?? ''] ?? 0);
      time += step[1] === '-' ? -amount : amount;
    }
    return time;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(trimmed)) {
    return undefined;
  }
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(trimmed) ? trimmed : `${trimmed}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : time;
}

/** A byte count as people read it: `512 B`, `1.5 MiB`. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/** An age as people read it: `45s`, `3h12m`, `6d4h`. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days}d${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h${minutes}m` : `${hours}h`;
  if (minutes > 0) return `${minutes}m`;
  return `${seconds}s`;
}
