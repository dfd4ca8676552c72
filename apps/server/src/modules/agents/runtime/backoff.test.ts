import { describe, expect, it } from 'vitest';
import { backoffDelay, pause } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles from the base to the ceiling, drawn between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000, () => 1))).toEqual([
      1000, 2000, 4000, 5000,
    ]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000, () => 0))).toEqual([
      500, 1000, 2000, 2500,
    ]);
    expect(backoffDelay(500, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it('spreads retries of many agents apart', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3, 1000, 60_000)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('pause', () => {
  it('ends early when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await pause(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
