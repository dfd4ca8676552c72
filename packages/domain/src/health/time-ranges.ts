import { z } from 'zod';

/** The time-range choices of the health dashboard and check detail (spec §9), in minutes. */
export const timeRangeMinutes = {
  '15m': 15,
  '1h': 60,
  '2h': 120,
  '3h': 180,
  '6h': 360,
  '12h': 720,
  '1d': 1440,
  '2d': 2880,
  '3d': 4320,
  '1w': 10080,
  '2w': 20160,
  '3w': 30240,
  '1mo': 43200,
  '2mo': 86400,
  '3mo': 129600,
  '6mo': 259200,
  '1y': 518400,
  '2y': 1036800,
  '3y': 1555200,
  '5y': 2592000,
} as const;

export type TimeRange = keyof typeof timeRangeMinutes;

export const timeRanges = Object.keys(timeRangeMinutes).filter(isTimeRange);

export function isTimeRange(value: string): value is TimeRange {
  return value in timeRangeMinutes;
}

export const timeRangeSchema = z.string().refine(isTimeRange, {
  message: `must be one of ${Object.keys(timeRangeMinutes).join(', ')}`,
});

export function timeRangeMs(range: TimeRange): number {
  return timeRangeMinutes[range] * 60_000;
}

/**
 * A check's default range: the smallest tier from 1h up that covers the age of its last run,
 * so a check that last ran three days ago opens on a range that shows that run.
 */
export function defaultCheckTimeRange(lastRuntime: Date | null, now: number): TimeRange {
  const ageMs = lastRuntime ? now - lastRuntime.getTime() : 0;
  for (const range of timeRanges) {
    if (range === '15m') continue;
    if (timeRangeMs(range) >= ageMs) return range;
  }
  return '5y';
}

const unitMinutes: Record<string, number> = {
  m: 1,
  h: 60,
  d: 1440,
  w: 10080,
  mo: 43200,
  y: 518400,
};
const maxMinutes = timeRangeMinutes['5y'];

/**
 * A range as the summary and graph calls take it: a tier (`1w`) or any duration in the same
 * units (`7d`, `90m`, `30d`), at most 5y. Answers milliseconds, or undefined when invalid.
 */
export function parseTimeRange(text: string): number | undefined {
  const match = /^(\d{1,7})(mo|m|h|d|w|y)$/.exec(text.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * (unitMinutes[match[2] ?? ''] ?? 0);
  if (minutes <= 0 || minutes > maxMinutes) return undefined;
  return minutes * 60_000;
}
