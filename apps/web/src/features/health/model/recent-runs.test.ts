import { describe, expect, it } from 'vitest';
import { recentRuns, sparklinePoints } from './recent-runs.ts';

describe('recentRuns', () => {
  it('pairs each status with its duration, oldest first', () => {
    expect(recentRuns({ recent: { statuses: '101', durations: [10, 20, 30] } })).toEqual([
      { passed: true, durationMs: 10 },
      { passed: false, durationMs: 20 },
      { passed: true, durationMs: 30 },
    ]);
  });

  it('is empty when the summary has no runs for the check', () => {
    expect(recentRuns({})).toEqual([]);
    expect(recentRuns({ recent: { statuses: '', durations: [] } })).toEqual([]);
  });
});

describe('sparklinePoints', () => {
  it('puts the slowest run at the top and the fastest at the bottom, inside the box', () => {
    expect(sparklinePoints([10, 30, 20], 64, 16)).toBe('1,15 32,1 63,8');
  });

  it('draws a flat line for one run or equal runs, and nothing for none', () => {
    expect(sparklinePoints([42], 64, 16)).toBe('1,8 63,8');
    expect(sparklinePoints([5, 5], 64, 16)).toBe('1,8 63,8');
    expect(sparklinePoints([], 64, 16)).toBe('');
  });
});
