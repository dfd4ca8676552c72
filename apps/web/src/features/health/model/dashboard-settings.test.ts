import { describe, expect, it } from 'vitest';
import { disabledRefreshRates, effectiveRefreshRate, readRefreshRate } from './refresh-rate.ts';
import { dashboardRanges, rangeMinutes } from './dashboard-range.ts';

describe('time ranges', () => {
  it('offers the spec choices with their windows', () => {
    expect(dashboardRanges).toHaveLength(20);
    expect(rangeMinutes('3w')).toBe(30240);
    expect(rangeMinutes('5y')).toBe(2592000);
    expect(rangeMinutes('7m')).toBeNull();
  });
});

describe('refresh rate', () => {
  it('reads only known stored values', () => {
    expect(readRefreshRate('2m')).toBe('2m');
    expect(readRefreshRate('7s')).toBe('None');
    expect(readRefreshRate(null)).toBe('None');
  });
  it('disables short intervals for long time ranges', () => {
    expect([...disabledRefreshRates('15m')]).toEqual([]);
    expect([...disabledRefreshRates('1h')]).toEqual(['15s', '30s']);
    expect([...disabledRefreshRates('1d')]).toEqual(['15s', '30s', '2m', '3m']);
  });
  it('moves a disabled stored rate to the next allowed one', () => {
    expect(effectiveRefreshRate('15s', '15m')).toBe('15s');
    expect(effectiveRefreshRate('15s', '1h')).toBe('60s');
    expect(effectiveRefreshRate('2m', '1w')).toBe('5m');
    expect(effectiveRefreshRate('None', '1w')).toBe('None');
  });
});
