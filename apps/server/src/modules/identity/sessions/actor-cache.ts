import type { Actor } from '../../../platform/http/actor.ts';

/**
 * Recently resolved sessions, so that a browser's burst of requests costs one session read,
 * not one per request. Entries live a few seconds; ending or re-issuing a session here drops
 * its entries at once, and a role change shows within the time to live.
 */
export interface ActorCache {
  get(tokenHash: string): Actor | undefined;
  set(tokenHash: string, sessionId: string, actor: Actor): void;
  forgetSession(sessionId: string): void;
}

export function createActorCache(
  ttlMs = 5_000,
  maxEntries = 10_000,
  now: () => number = Date.now,
): ActorCache {
  const entries = new Map<string, { sessionId: string; actor: Actor; until: number }>();
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.actor;
    },
    set(tokenHash, sessionId, actor) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { sessionId, actor, until: now() + ttlMs });
    },
    forgetSession(sessionId) {
      for (const [key, entry] of entries) if (entry.sessionId === sessionId) entries.delete(key);
    },
  };
}
