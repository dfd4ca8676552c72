import type { Actor } from '../../../platform/http/actor.ts';

/**
 * Recently resolved sessions, so that a browser's burst of requests costs one session read,
 * not one per request. Entries live a few seconds. A change to a session, its identity or its
 * roles drops that identity's entries at once, on every replica (session-changes.ts); while
 * those changes cannot be heard, nothing is cached.
 */
export interface ActorCache {
  get(tokenHash: string): Actor | undefined;
  /** A stamp to take before reading a session, for set. */
  stamp(): number;
  /** Keeps an actor read after `since`, unless something was forgotten meanwhile. */
  set(tokenHash: string, sessionId: string, actor: Actor, since: number): void;
  forgetSession(sessionId: string): void;
  forgetIdentity(identityId: string): void;
  /** Changes are heard again: caching may resume. */
  resume(): void;
  /** Changes may be missed: forget everything and cache nothing until resume. */
  pause(): void;
}

export function createActorCache(
  ttlMs = 5_000,
  maxEntries = 10_000,
  now: () => number = Date.now,
): ActorCache {
  const entries = new Map<string, { sessionId: string; actor: Actor; until: number }>();
  let hearing = false;
  // Bumped by every forget: an actor read before a change must not be cached after it.
  let changes = 0;
  const forget = (drop: (entry: { sessionId: string; actor: Actor }) => boolean): void => {
    changes++;
    for (const [key, entry] of entries) if (drop(entry)) entries.delete(key);
  };
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
    stamp: () => changes,
    set(tokenHash, sessionId, actor, since) {
      if (!hearing || ttlMs <= 0 || since !== changes) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { sessionId, actor, until: now() + ttlMs });
    },
    forgetSession: (sessionId) => forget((entry) => entry.sessionId === sessionId),
    forgetIdentity: (identityId) => forget((entry) => entry.actor.id === identityId),
    resume() {
      hearing = true;
    },
    pause() {
      hearing = false;
      changes++;
      entries.clear();
    },
  };
}
