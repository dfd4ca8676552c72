import { describe, expect, it } from 'vitest';
import {
  checkTimeRanges,
  defaultRangeForCheck,
  historySince,
  parseCheckTimeRange,
} from './check-time-range.ts';

const now = Date.UTC(2026, 10, 22, 12);
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('check time range', () => {
  it('offers the spec choices from 15m to 5y', () => {
    expect(checkTimeRanges).toEqual([
      '15m',
      '1h',
      '2h',
      '3h',
      '6h',
      '12h',
      '1d',
      '2d',
      '3d',
      '1w',
      '2w',
      '3w',
      '1mo',
      '2mo',
      '3mo',
      '6mo',
      '1y',
      '2y',
      '3y',
      '5y',
    ]);
  });

  it.each([
    [null, '1h'],
    ['', '1h'],
    ['not a date', '1h'],
    [ago(1), '1h'],
    [ago(60), '1h'],
    [ago(61), '2h'],
    [ago(5 * 60), '6h'],
    [ago(25 * 60), '2d'],
    [ago(8 * 1440), '2w'],
    [ago(29 * 1440), '1mo'],
    [ago(40 * 1440), '2mo'],
    [ago(200 * 1440), '1y'],
    [ago(3000 * 1440), '5y'],
  ])('defaults a check last run at %s to %s', (lastRuntime, expected) => {
    expect(defaultRangeForCheck(lastRuntime, now)).toBe(expected);
  });

  it('never defaults to 15m, even for a run a second ago or in the future', () => {
    expect(defaultRangeForCheck(new Date(now - 1000).toISOString(), now)).toBe('1h');
    expect(defaultRangeForCheck(new Date(now + 60_000).toISOString(), now)).toBe('1h');
  });

  it('parses only known choices', () => {
    expect(parseCheckTimeRange('3w')).toBe('3w');
    expect(parseCheckTimeRange('7d')).toBeUndefined();
  });

  it('turns a range into server-side date math for the history', () => {
    expect(historySince('15m')).toBe('now-15m');
    expect(historySince('1h')).toBe('now-1h');
    expect(historySince('1mo')).toBe('now-720h');
    expect(historySince('5y')).toBe('now-43200h');
  });
});
