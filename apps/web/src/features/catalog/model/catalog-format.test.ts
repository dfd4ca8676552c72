import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatCost, isCostChanged, isStale } from './catalog-format.ts';

describe('catalog display rules', () => {
  it('badges: red from 500, k+ above 999', () => {
    expect(formatBadgeCount(499)).toEqual({ text: '499', alarming: false });
    expect(formatBadgeCount(500)).toEqual({ text: '500', alarming: true });
    expect(formatBadgeCount(999)).toEqual({ text: '999', alarming: true });
    expect(formatBadgeCount(1000)).toEqual({ text: '1k+', alarming: true });
    expect(formatBadgeCount(25_400)).toEqual({ text: '25k+', alarming: true });
  });

  it('costs: 2 decimals at or below 10, 0 above', () => {
    expect(formatCost(10)).toBe('$10.00');
    expect(formatCost(0.5)).toBe('$0.50');
    expect(formatCost(10.4)).toBe('$10');
    expect(formatCost(1234.6)).toBe('$1,235');
    expect(formatCost(null)).toBe('');
  });

  it('flags a day more than 10% off the 30-day daily average', () => {
    expect(isCostChanged(1.1, 30)).toBe(false);
    expect(isCostChanged(1.11, 30)).toBe(true);
    expect(isCostChanged(0.89, 30)).toBe(true);
    expect(isCostChanged(null, 30)).toBe(false);
  });

  it('stale after an hour, never when deleted', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(isStale('2026-01-01T11:00:00Z', null, now)).toBe(true);
    expect(isStale('2026-01-01T11:00:01Z', null, now)).toBe(false);
    expect(isStale('2026-01-01T10:00:00Z', '2026-01-01T10:30:00Z', now)).toBe(false);
  });
});
