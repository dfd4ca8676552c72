import type { Database } from '../../../platform/db.ts';
import {
  clearAttempts,
  purgeExpiredAttempts,
  reserveAttempt,
  returnAttempt,
} from './attempt-limits.repository.ts';

/**
 * Limits attempts per identifier and per client address in a window, counted in PostgreSQL so
 * that the limit holds across replicas. An attempt is taken before anything is checked, so a
 * burst cannot have more checked than the limit. The per-address limit is higher, so other
 * people behind the same address can still go on.
 */
export interface AttemptLimits {
  readonly perIdentifier: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

export const defaultSignInLimits: AttemptLimits = {
  perIdentifier: 5,
  perAddress: 1000,
  windowMs: 15 * 60_000,
};

/** Recovery and verification requests: each one sends an email. */
export const defaultEmailLinkLimits: AttemptLimits = {
  perIdentifier: 5,
  perAddress: 30,
  windowMs: 15 * 60_000,
};

export interface AttemptLimiter {
  /** Takes one attempt; the minutes until the caller may try again when refused, else 0. */
  reserve(identifier: string, address: string): Promise<number>;
  /** The attempt passed: the identifier starts afresh and the address gets its attempt back. */
  passed(identifier: string, address: string): Promise<void>;
}

const purgeEvery = 500;

class Refused extends Error {
  constructor(readonly resetsAt: Date | null) {
    super('attempt refused');
  }
}

export function createAttemptLimiter(
  db: Database,
  scope: string,
  limits: AttemptLimits,
): AttemptLimiter {
  const windowSeconds = limits.windowMs / 1000;
  const idKey = (identifier: string): string => `${scope}:id:${identifier.trim().toLowerCase()}`;
  const ipKey = (address: string): string => `${scope}:ip:${address}`;
  let sincePurge = 0;
  const minutesUntil = (resetsAt: Date | null): number => {
    const ms = resetsAt ? resetsAt.getTime() - Date.now() : limits.windowMs;
    return Math.max(1, Math.ceil(ms / 60_000));
  };
  return {
    async reserve(identifier, address) {
      if (++sincePurge >= purgeEvery) {
        sincePurge = 0;
        await purgeExpiredAttempts(db.pool);
      }
      try {
        // Always the address first, then the identifier: one lock order, no deadlocks.
        await db.transaction(async (client) => {
          const byAddress = await reserveAttempt(
            client,
            ipKey(address),
            limits.perAddress,
            windowSeconds,
          );
          if (byAddress !== undefined) throw new Refused(byAddress);
          const byIdentifier = await reserveAttempt(
            client,
            idKey(identifier),
            limits.perIdentifier,
            windowSeconds,
          );
          if (byIdentifier !== undefined) throw new Refused(byIdentifier);
        });
        return 0;
      } catch (error) {
        if (error instanceof Refused) return minutesUntil(error.resetsAt);
        throw error;
      }
    },
    async passed(identifier, address) {
      await clearAttempts(db.pool, idKey(identifier));
      await returnAttempt(db.pool, ipKey(address));
    },
  };
}
