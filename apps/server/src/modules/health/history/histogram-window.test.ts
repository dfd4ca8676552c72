import { describe, expect, it } from 'vitest';
import { difference, percentilesOf, readSorted } from './histogram-window.ts';
import {
  deserialise,
  emptyHistogram,
  percentile,
  record,
  serialise,
  subtract,
} from './latency-histogram.ts';

describe('histogram window (the summary read path)', () => {
  it('agrees with the Map-based histogram on differences and percentiles', () => {
    const earlier = emptyHistogram();
    const later = emptyHistogram();
    for (let i = 0; i < 3000; i++) {
      const duration = (i * 37) % 900;
      record(later, duration);
      if (i < 1200) record(earlier, duration);
    }
    const windowText = serialise(subtract(later, earlier));
    const fast = difference(readSorted(serialise(later)), readSorted(serialise(earlier)));
    expect(serialise(deserialise(windowText))).toBe(windowText);
    const qs = [0.5, 0.95, 0.97, 0.99];
    const slow = qs.map((q) => percentile(deserialise(windowText), q));
    expect(percentilesOf(fast, qs)).toEqual(slow);
  });

  it('answers nulls for an empty window and ignores garbage', () => {
    expect(percentilesOf(readSorted(''), [0.95])).toEqual([null]);
    expect(readSorted('x:1,4:2,5:0')).toEqual({ buckets: [4], counts: [2] });
    expect(difference(readSorted('4:2'), readSorted('4:2'))).toEqual({ buckets: [], counts: [] });
  });
});
