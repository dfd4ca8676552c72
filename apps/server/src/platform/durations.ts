/** Durations and times as canary-checker and config-db specs write them. */

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
