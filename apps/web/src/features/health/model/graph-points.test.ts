import { describe, expect, it } from 'vitest';
import {
  graphBucketMs,
  hasRuns,
  latencyAxisMax,
  timeTickFormatter,
  toGraphPoints,
} from './graph-points.ts';

describe('graph points', () => {
  it('sizes buckets as the server does: whole seconds, at least one', () => {
    expect(graphBucketMs(3_600_000, 300)).toBe(12_000);
    expect(graphBucketMs(21_600_000, 300)).toBe(72_000);
    expect(graphBucketMs(60_000, 300)).toBe(1000);
  });

  it('fills the window with evenly spaced buckets and rounds the average latency', () => {
    const end = Date.UTC(2026, 0, 1, 0, 30);
    const points = toGraphPoints(
      [
        { time: '2026-01-01T00:10:00Z', passed: 1, failed: 1, duration: 12.6 },
        { time: '2026-01-01T00:00:00Z', passed: 2, failed: 0, duration: null },
        { time: 'garbage', passed: 1, failed: 0, duration: 3 },
      ],
      { end, windowMs: 3_600_000, count: 6 },
    );
    expect(points.map((point) => point.time)).toEqual(
      [-30, -20, -10, 0, 10, 20, 30].map((minutes) => Date.UTC(2026, 0, 1, 0, minutes)),
    );
    expect(points[3]).toEqual({ time: Date.UTC(2026, 0, 1), passed: 2, failed: 0, latency: null });
    expect(points[4]).toEqual({
      time: Date.UTC(2026, 0, 1, 0, 10),
      passed: 1,
      failed: 1,
      latency: 13,
    });
    expect(points[5]).toEqual({
      time: Date.UTC(2026, 0, 1, 0, 20),
      passed: 0,
      failed: 0,
      latency: null,
    });
    expect(hasRuns(points)).toBe(true);
    expect(hasRuns(toGraphPoints([], { end, windowMs: 3_600_000, count: 6 }))).toBe(false);
  });

  it('snaps buckets to its grid and weighs their latency by runs', () => {
    const end = Date.UTC(2026, 0, 1, 0, 30);
    const points = toGraphPoints(
      [
        { time: '2026-01-01T00:10:00Z', passed: 3, failed: 0, duration: 10 },
        { time: '2026-01-01T00:12:00Z', passed: 0, failed: 1, duration: 50 },
      ],
      { end, windowMs: 3_600_000, count: 6 },
    );
    expect(points[4]).toEqual({
      time: Date.UTC(2026, 0, 1, 0, 10),
      passed: 3,
      failed: 1,
      latency: 20,
    });
  });

  it('labels the axis by the size of the window', () => {
    const at = Date.UTC(2026, 2, 5, 14, 30);
    expect(timeTickFormatter(3_600_000, 'UTC')(at)).toBe('14:30');
    expect(timeTickFormatter(7 * 86_400_000, 'UTC')(at)).toBe('Mar 5');
    expect(timeTickFormatter(720 * 86_400_000, 'UTC')(at)).toBe('Mar 2026');
  });
});

describe('latencyAxisMax', () => {
  it('rounds the slowest run up to a round top, at least 4 ms', () => {
    expect([0, 0.4, 3.2, 4.2, 7, 141, 250, 900, 1_200, 26_000].map(latencyAxisMax)).toEqual([
      4, 4, 4, 5, 10, 200, 250, 1_000, 2_000, 50_000,
    ]);
  });
});
