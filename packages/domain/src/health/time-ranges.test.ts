import { describe, expect, it } from 'vitest';
import {
  defaultCheckTimeRange,
  parseTimeRange,
  timeRangeMs,
  timeRangeSchema,
  timeRanges,
} from './time-ranges.ts';

describe('time ranges', () => {
  it('lists the spec tiers in order with their lengths', () => {
    expect(timeRanges[0]).toBe('15m');
    expect(timeRanges.at(-1)).toBe('5y');
    expect(timeRanges).toHaveLength(20);
    expect(timeRangeMs('1w')).toBe(10080 * 60_000);
  });

  it('picks the default range from the age of the last run, from 1h up', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(defaultCheckTimeRange(null, now)).toBe('1h');
    expect(defaultCheckTimeRange(new Date(now - 5 * 60_000), now)).toBe('1h');
    expect(defaultCheckTimeRange(new Date(now - 90 * 60_000), now)).toBe('2h');
    expect(defaultCheckTimeRange(new Date(now - 3 * 86_400_000), now)).toBe('3d');
    expect(defaultCheckTimeRange(new Date(now - 4000 * 86_400_000), now)).toBe('5y');
  });

  it('refuses unknown ranges with the list', () => {
    expect(timeRangeSchema.safeParse('7d').success).toBe(false);
    expect(timeRangeSchema.safeParse('1w').success).toBe(true);
  });
});

describe('parseTimeRange', () => {
  it('takes tiers and free durations up to 5y', () => {
    expect(parseTimeRange('1h')).toBe(3_600_000);
    expect(parseTimeRange('7d')).toBe(7 * 86_400_000);
    expect(parseTimeRange('1mo')).toBe(43200 * 60_000);
    expect(parseTimeRange('5y')).toBe(2592000 * 60_000);
    expect(parseTimeRange('6y')).toBeUndefined();
    expect(parseTimeRange('0h')).toBeUndefined();
    expect(parseTimeRange('soon')).toBeUndefined();
  });
});
