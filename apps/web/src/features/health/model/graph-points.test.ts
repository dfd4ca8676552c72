import { describe, expect, it } from 'vitest';
import { timeTickFormatter, toGraphPoints } from './graph-points.ts';

describe('graph points', () => {
  it('orders buckets by time and rounds the average latency', () => {
    const points = toGraphPoints([
      { time: '2026-01-01T00:10:00Z', passed: 1, failed: 1, duration: 12.6 },
      { time: '2026-01-01T00:00:00Z', passed: 2, failed: 0, duration: null },
      { time: 'garbage', passed: 1, failed: 0, duration: 3 },
    ]);
    expect(points).toEqual([
      { time: Date.UTC(2026, 0, 1, 0, 0), passed: 2, failed: 0, latency: null },
      { time: Date.UTC(2026, 0, 1, 0, 10), passed: 1, failed: 1, latency: 13 },
    ]);
  });

  it('labels the axis by the size of the window', () => {
    const at = Date.UTC(2026, 2, 5, 14, 30);
    expect(timeTickFormatter(3_600_000, 'UTC')(at)).toBe('14:30');
    expect(timeTickFormatter(7 * 86_400_000, 'UTC')(at)).toBe('Mar 5');
    expect(timeTickFormatter(720 * 86_400_000, 'UTC')(at)).toBe('Mar 2026');
  });
});
