import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  const backoff = { baseMs: 5000, maxMs: 3_600_000 };

  it('waits the base after the first failure and doubles after each further one', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelayMs(n, backoff))).toEqual([
      0, 5000, 10_000, 20_000, 40_000, 80_000,
    ]);
  });

  it('never waits longer than the maximum, however many failures', () => {
    expect(retryDelayMs(10, backoff)).toBe(2_560_000);
    expect(retryDelayMs(11, backoff)).toBe(3_600_000);
    expect(retryDelayMs(10_000, backoff)).toBe(3_600_000);
  });
});
