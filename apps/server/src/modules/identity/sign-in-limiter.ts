/**
 * Counts failed sign-ins per identifier and per client address in a sliding window. An
 * identifier locks after a few failures, so a burst against one account cannot guess on;
 * the per-address limit is higher, so other people behind the same address can still sign
 * in. Counts live in this process: each replica limits on its own.
 */
export interface SignInLimits {
  readonly perIdentifier: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

export const defaultSignInLimits: SignInLimits = {
  perIdentifier: 5,
  perAddress: 1000,
  windowMs: 15 * 60_000,
};

const maxTracked = 100_000;

export interface SignInLimiter {
  /** Minutes until the caller may try again, or 0 when it may try now. */
  blockedFor(identifier: string, address: string): number;
  recordFailure(identifier: string, address: string): void;
  recordSuccess(identifier: string): void;
}

export function createSignInLimiter(
  limits: SignInLimits = defaultSignInLimits,
  now: () => number = Date.now,
): SignInLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const cutoff = now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  const wait = (times: number[], limit: number): number => {
    if (times.length < limit) return 0;
    const oldest = times[times.length - limit] ?? now();
    return Math.max(1, Math.ceil((oldest + limits.windowMs - now()) / 60_000));
  };
  const idKey = (identifier: string): string => `id:${identifier.trim().toLowerCase()}`;
  return {
    blockedFor(identifier, address) {
      return Math.max(
        wait(recent(idKey(identifier)), limits.perIdentifier),
        wait(recent(`ip:${address}`), limits.perAddress),
      );
    },
    recordFailure(identifier, address) {
      // A flood of distinct identifiers must not grow the map without bound: the oldest go.
      for (const key of failures.keys()) {
        if (failures.size <= maxTracked) break;
        failures.delete(key);
      }
      for (const key of [idKey(identifier), `ip:${address}`]) {
        failures.set(key, [...recent(key), now()]);
      }
    },
    recordSuccess(identifier) {
      failures.delete(idKey(identifier));
    },
  };
}
