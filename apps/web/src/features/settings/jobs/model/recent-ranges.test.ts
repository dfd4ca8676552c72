import { describe, expect, it } from 'vitest';
import { readRecentRanges, recentRangesKey, rememberRange } from './recent-ranges.ts';

const range = (day: number) => ({
  from: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  to: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
});

describe('recently used absolute ranges', () => {
  it('keeps the last 4, newest first', () => {
    for (const day of [1, 2, 3, 4, 5]) rememberRange(range(day));
    expect(readRecentRanges()).toEqual([range(5), range(4), range(3), range(2)]);
  });

  it('moves a range used again to the front instead of repeating it', () => {
    for (const day of [1, 2, 3]) rememberRange(range(day));
    expect(rememberRange(range(1))).toEqual([range(1), range(3), range(2)]);
    expect(readRecentRanges()).toEqual([range(1), range(3), range(2)]);
  });

  it('reads garbled storage as nothing remembered', () => {
    window.localStorage.setItem(recentRangesKey, '{not json');
    expect(readRecentRanges()).toEqual([]);
    window.localStorage.setItem(recentRangesKey, JSON.stringify([{ from: 1 }]));
    expect(readRecentRanges()).toEqual([]);
    expect(rememberRange(range(7))).toEqual([range(7)]);
  });
});
