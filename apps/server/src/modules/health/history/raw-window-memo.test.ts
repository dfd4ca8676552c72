import { describe, expect, it } from 'vitest';
import { lastRuns, windowFigures } from './raw-window-memo.ts';

describe('windowFigures', () => {
  const rows = {
    times: [10, 20, 30, 40, 50],
    durations: [500, 40, 30, 20, 10],
    statuses: [false, true, true, false, true],
  };

  it('counts and ranks only the rows after the window start', () => {
    expect(windowFigures(rows, 10, 35)).toEqual({
      uptime: { passed: 3, failed: 1 },
      latency: { p95: 40, p97: 40, p99: 40, rolling1h: 20 },
      recent: { statuses: '1101', durations: [40, 30, 20, 10] },
    });
  });

  it('uses nearest rank over all rows, and null for an empty window', () => {
    expect(windowFigures(rows, 0, 0).latency.p95).toBe(500);
    expect(windowFigures(rows, 50, 50)).toEqual({
      uptime: { passed: 0, failed: 0 },
      latency: { p95: null, p97: null, p99: null, rolling1h: null },
      recent: { statuses: '', durations: [] },
    });
  });

  it('keeps only the last 24 runs, oldest first, for the status strip', () => {
    const many = {
      times: Array.from({ length: 30 }, (_, i) => i + 1),
      durations: Array.from({ length: 30 }, (_, i) => i * 10),
      statuses: Array.from({ length: 30 }, (_, i) => i % 5 !== 0),
    };
    const recent = lastRuns(many, 0);
    expect(recent.statuses).toBe('111101111011110111101111');
    expect(recent.durations).toEqual(many.durations.slice(6));
    expect(lastRuns(many, 28)).toEqual({ statuses: '11', durations: [280, 290] });
  });
});
