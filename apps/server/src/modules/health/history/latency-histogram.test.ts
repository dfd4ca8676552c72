import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  deserialise,
  emptyHistogram,
  merge,
  percentile,
  record,
  recordInText,
  serialise,
  subtract,
  valueOf,
} from './latency-histogram.ts';

function exactPercentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] ?? 0;
}

describe('latency histogram', () => {
  it('is exact under 128 ms and within 2.5% above', () => {
    for (let d = 0; d < 128; d++) expect(valueOf(bucketOf(d))).toBe(d);
    for (const d of [128, 200, 999, 5_000, 61_234, 3_600_000]) {
      const estimate = valueOf(bucketOf(d));
      expect(Math.abs(estimate - d) / d).toBeLessThanOrEqual(0.026);
    }
  });

  it('answers percentiles of merged and subtracted histograms within the bound', () => {
    const values = Array.from({ length: 5000 }, (_, i) =>
      Math.round(5 + ((i * 7919) % 2000) ** 1.1),
    );
    const first = emptyHistogram();
    const second = emptyHistogram();
    values.forEach((v, i) => record(i % 2 ? first : second, v));
    const merged = merge(deserialise(serialise(first)), second);
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = exactPercentile(values, q);
      const estimate = percentile(merged, q) ?? 0;
      expect(Math.abs(estimate - exact) / exact).toBeLessThanOrEqual(0.026);
    }
    const later = merge(deserialise(serialise(merged)), emptyHistogram());
    expect(percentile(subtract(later, first), 0.95)).toBe(percentile(second, 0.95));
    expect(percentile(emptyHistogram(), 0.95)).toBeNull();
  });

  it('round-trips through its text form and ignores garbage', () => {
    const h = emptyHistogram();
    record(h, 3, 2);
    record(h, 1000);
    expect(serialise(deserialise(serialise(h)))).toBe(serialise(h));
    expect(deserialise('x:y,5:2')).toEqual(new Map([[5, 2]]));
  });

  it('records into the serialised form exactly as the Map round trip does', () => {
    const texts = ['', '4:1', '0:2,7:1', '3:5,130:2,200:1'];
    const grown = emptyHistogram();
    for (let i = 0; i < 300; i++) {
      record(grown, (i * 7919) % 3000);
      if (i % 50 === 0) texts.push(serialise(grown));
    }
    for (const text of texts) {
      for (const duration of [0, 3, 4, 6, 127, 128, 150, 2999, 61_234]) {
        const expected = deserialise(text);
        record(expected, duration, 2);
        expect(recordInText(text, duration, 2)).toBe(serialise(expected));
      }
    }
  });

  it('takes the long way round for text that serialise did not write', () => {
    for (const text of [
      '7:1,3:2',
      '3:0,9:1',
      'x',
      ':4',
      '2:1,2:3',
      '01:2',
      '3:1,',
      ',3:1',
      '3:01',
    ]) {
      const expected = deserialise(text);
      record(expected, 5);
      expect(recordInText(text, 5)).toBe(serialise(expected));
    }
  });
});
