import { describe, expect, it } from 'vitest';
import { createActorCache, type ActorCache } from './actor-cache.ts';

const actor = { kind: 'user' as const, id: 'p1', roles: ['viewer' as const] };
const other = { kind: 'user' as const, id: 'p2', roles: ['admin' as const] };

function hearing(cache: ActorCache): ActorCache {
  cache.resume();
  return cache;
}

describe('actor cache', () => {
  it('keeps an actor for its time to live only', () => {
    let now = 0;
    const cache = hearing(createActorCache(5_000, 10, () => now));
    cache.set('t1', 's1', actor, cache.stamp());
    now = 4_999;
    expect(cache.get('t1')).toBe(actor);
    now = 5_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets every token of an ended session, or of an identity, at once', () => {
    const cache = hearing(createActorCache());
    cache.set('t1', 's1', actor, cache.stamp());
    cache.set('t2', 's1', actor, cache.stamp());
    cache.set('t3', 's2', actor, cache.stamp());
    cache.set('t4', 's3', other, cache.stamp());
    cache.forgetSession('s1');
    expect(['t1', 't2', 't3', 't4'].map((t) => cache.get(t))).toEqual([
      undefined,
      undefined,
      actor,
      other,
    ]);
    cache.forgetIdentity('p1');
    expect([cache.get('t3'), cache.get('t4')]).toEqual([undefined, other]);
  });

  it('does not keep an actor read before a change was heard', () => {
    const cache = hearing(createActorCache());
    const stamp = cache.stamp();
    cache.forgetIdentity('p1');
    cache.set('t1', 's1', actor, stamp);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('caches nothing while changes cannot be heard', () => {
    const cache = createActorCache();
    cache.set('t1', 's1', actor, cache.stamp());
    expect(cache.get('t1')).toBeUndefined();
    cache.resume();
    cache.set('t1', 's1', actor, cache.stamp());
    cache.pause();
    expect(cache.get('t1')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = hearing(createActorCache(5_000, 2));
    cache.set('t1', 's1', actor, cache.stamp());
    cache.set('t2', 's2', actor, cache.stamp());
    cache.set('t3', 's3', actor, cache.stamp());
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t3')).toBe(actor);
  });
});
