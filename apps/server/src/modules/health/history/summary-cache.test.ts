import { describe, expect, it } from 'vitest';
import { SummaryCache } from './summary-cache.ts';

function counter() {
  let calls = 0;
  return {
    compute: () => Promise.resolve(`answer ${++calls}`),
    calls: () => calls,
  };
}

describe('SummaryCache', () => {
  it('reuses an answer for the same range while it is fresh, then computes again', async () => {
    const cache = new SummaryCache(5000);
    const c = counter();
    expect(await cache.get(3_600_000, 0, c.compute)).toBe('answer 1');
    expect(await cache.get(3_600_000, 4999, c.compute)).toBe('answer 1');
    expect(await cache.get(3_600_000, 5000, c.compute)).toBe('answer 2');
    expect(c.calls()).toBe(2);
  });

  it('keeps ranges apart and shares one computation among concurrent callers', async () => {
    const cache = new SummaryCache(5000);
    const c = counter();
    const [a, b, d] = await Promise.all([
      cache.get(3_600_000, 0, c.compute),
      cache.get(3_600_000, 1, c.compute),
      cache.get(86_400_000, 1, c.compute),
    ]);
    expect([a, b, d]).toEqual(['answer 1', 'answer 1', 'answer 2']);
  });

  it('does not keep a failed computation', async () => {
    const cache = new SummaryCache(5000);
    await expect(cache.get(1, 0, () => Promise.reject(new Error('db away')))).rejects.toThrow(
      'db away',
    );
    expect(await cache.get(1, 1, () => Promise.resolve('back'))).toBe('back');
  });

  it('computes every time when switched off, and forgets everything on clear', async () => {
    const off = new SummaryCache(0);
    const c = counter();
    await off.get(1, 0, c.compute);
    await off.get(1, 0, c.compute);
    expect(c.calls()).toBe(2);
    const on = new SummaryCache(5000);
    await on.get(1, 0, c.compute);
    on.clear();
    expect(await on.get(1, 1, c.compute)).toBe('answer 4');
  });

  it('holds a bounded number of ranges', async () => {
    const cache = new SummaryCache(60_000, 2);
    const c = counter();
    await cache.get(1, 0, c.compute);
    await cache.get(2, 0, c.compute);
    await cache.get(3, 0, c.compute);
    expect(await cache.get(1, 1, c.compute)).toBe('answer 4');
  });
});
