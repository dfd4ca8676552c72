import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { renewClaims, type ClaimedSlot } from './canary-store.repository.ts';

/**
 * A claimed slot is leased this long and renewed every third of it while its run is in
 * flight: a killed replica's slots are run by another within about this long (issue #28).
 */
export const leaseMs = 6000;
const renewEveryMs = 2000;

/** Renews, on a timer, the leases of the slots this replica is still running. */
export class LeaseRenewal {
  #timer: NodeJS.Timeout | undefined;
  #renewing = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    /** The held slots whose lease was set more than `ageMs` ago. */
    private readonly toRenew: (now: number, ageMs: number) => readonly ClaimedSlot[],
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.#renew(), renewEveryMs);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #renew(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      // Most runs are recorded within a second or two: only older leases need renewing.
      await renewClaims(this.db.pool, this.toRenew(Date.now(), renewEveryMs), leaseMs);
    } catch (error) {
      this.log.warn({ err: error }, 'claimed slots not renewed; retrying');
    } finally {
      this.#renewing = false;
    }
  }
}
