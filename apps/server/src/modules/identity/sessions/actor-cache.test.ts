import { describe, expect, it } from 'vitest';
import { createActorCache } from './actor-cache.ts';

const actor = { kind: 'user' as const, id: 'p1', roles: ['viewer' as const] };

describe('actor cache', () => {
  it('keeps an actor for its time to live only', () => {
    let now = 0;
    const cache = createActorCache(5_000, 10, () => now);
    cache.set('t1', 's1', actor);
    now = 4_999;
    expect(cache.get('t1')).toBe(actor);
    now = 5_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets every token of an ended session at once', () => {
    const cache = createActorCache();
    cache.set('t1', 's1', actor);
    cache.set('t2', 's1', actor);
    cache.set('t3', 's2', actor);
    cache.forgetSession('s1');
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')]).toEqual([
      undefined,
      undefined,
      actor,
    ]);
  });

  it('drops the oldest entry when full', () => {
    const cache = createActorCache(5_000, 2);
    cache.set('t1', 's1', actor);
    cache.set('t2', 's2', actor);
    cache.set('t3', 's3', actor);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t3')).toBe(actor);
  });
});
