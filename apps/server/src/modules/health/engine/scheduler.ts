import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import {
  claimDue,
  type ClaimedCanary,
  type DueRow,
  type SlotPlan,
} from './canary-store.repository.ts';
import { firstSlot, nextSlot, parseSchedule, periodOf, type Schedule } from './schedule.ts';
import { SlotQueue } from './slot-queue.ts';
import { StartSlack, type StartSlackOptions } from './start-slack.ts';

export interface SchedulerOptions {
  readonly agentId: string;
  /** How often due canaries are claimed from the database. */
  readonly claimEveryMs: number;
  /** Slots up to this far ahead are claimed and then started by a local timer, on time. */
  readonly lookaheadMs: number;
  readonly claimLimit: number;
  /** How long a claimed slot stays leased to this replica without a renewal. */
  readonly leaseMs: number;
  readonly log: Logger;
  /**
   * False while the replica is saturated (checks queued for a runner, results waiting to be
   * written): it then claims nothing, the slots stay due in the database for a replica with
   * room, and memory stays bounded instead of queueing without end.
   */
  readonly hasRoom: () => boolean;
  /** Runs due within this window after a wake-up start in it (see StartSlack). */
  readonly slack?: StartSlackOptions;
}

/**
 * Claims due canary slots from the database a little ahead of time, then starts each one
 * at its slot from a single local timer. Claiming in batches keeps the database off the
 * per-run path; the timer keeps lateness to the event loop's own.
 */
export class HealthScheduler {
  readonly #queue = new SlotQueue<ClaimedCanary>();
  readonly #schedules = new Map<string, Schedule>();
  #claimTimer: NodeJS.Timeout | undefined;
  /** Claimed slots not yet recorded, with when their lease was last set: renewed while held. */
  readonly #held = new Map<ClaimedCanary, number>();
  #runTimer: NodeJS.Timeout | undefined;
  #armedFor = Infinity;
  #claiming = false;
  #stopped = true;
  readonly #slack: StartSlack | undefined;

  constructor(
    private readonly db: Database,
    private readonly start: (claim: ClaimedCanary) => void,
    private readonly options: SchedulerOptions,
  ) {
    this.#slack = options.slack ? new StartSlack(options.slack, Date.now()) : undefined;
  }

  get waiting(): number {
    return this.#queue.size;
  }

  /** Held slots whose lease was set more than `ageMs` ago; counted as renewed from `now`. */
  toRenew(now: number, ageMs: number): ClaimedCanary[] {
    const due: ClaimedCanary[] = [];
    for (const [claim, at] of this.#held) {
      if (now - at < ageMs) continue;
      due.push(claim);
      this.#held.set(claim, now);
    }
    return due;
  }

  /** The slot's run is recorded or given up: its lease is no longer this replica's concern. */
  settled(claim: ClaimedCanary): void {
    this.#held.delete(claim);
  }

  begin(): void {
    this.#stopped = false;
    this.#next();
  }

  /**
   * A random gap around claimEveryMs: with fixed timers the replica whose tick comes first
   * after another's would take the larger part of every period, run after run (issue #28).
   */
  #next(): void {
    void this.claim().finally(() => {
      if (this.#stopped) return;
      const gap = this.options.claimEveryMs * (0.5 + Math.random());
      this.#claimTimer = setTimeout(() => this.#next(), gap);
    });
  }

  /** Stops claiming; answers the claims queued but not started, for the caller to release. */
  end(): ClaimedCanary[] {
    this.#stopped = true;
    clearTimeout(this.#claimTimer);
    clearTimeout(this.#runTimer);
    const unstarted = this.#queue.clear();
    for (const claim of unstarted) this.settled(claim);
    return unstarted;
  }

  async claim(): Promise<void> {
    if (this.#claiming || this.#stopped || !this.options.hasRoom()) return;
    this.#claiming = true;
    this.#slack?.sample(Date.now());
    try {
      const horizon = new Date(Date.now() + this.options.lookaheadMs);
      const claimed = await claimDue(
        this.db,
        this.options.agentId,
        horizon,
        this.options.claimLimit,
        this.options.leaseMs,
        (row) => this.#plan(row),
        // A lease that lapsed while the database was away is still ours: never run it twice.
        [...this.#held.keys()].map((claim) => claim.token),
      );
      for (const claim of claimed) {
        this.#held.set(claim, Date.now());
        this.#queue.push(claim);
      }
      this.#arm();
    } catch (error) {
      this.options.log.warn(
        { err: error },
        'health scheduler could not claim due canaries; retrying',
      );
    } finally {
      this.#claiming = false;
    }
  }

  /** This run's slot and the next one. A canary far behind (after downtime) rejoins spread out. */
  #plan(row: DueRow): SlotPlan {
    const now = Date.now();
    const schedule = this.#schedule(row.schedule);
    let slot = row.next_runtime.getTime();
    if (!schedule) return { slot, next: Number.POSITIVE_INFINITY, onTime: true };
    if (now - slot > Math.min(periodOf(schedule, now), 60_000)) slot = firstSlot(schedule, now);
    return { slot, next: nextSlot(schedule, slot, now), onTime: schedule.kind === 'cron' };
  }

  #schedule(text: string | null): Schedule | undefined {
    if (!text) return undefined;
    let schedule = this.#schedules.get(text);
    if (!schedule) {
      try {
        schedule = parseSchedule(text);
      } catch {
        return undefined;
      }
      this.#schedules.set(text, schedule);
    }
    return schedule;
  }

  #arm(): void {
    const first = this.#queue.peek();
    if (!first || this.#stopped) return;
    if (this.#runTimer && first.slot >= this.#armedFor) return;
    clearTimeout(this.#runTimer);
    this.#armedFor = first.slot;
    this.#runTimer = setTimeout(() => this.#fire(), Math.max(0, first.slot - Date.now()));
  }

  #fire(): void {
    this.#runTimer = undefined;
    this.#armedFor = Infinity;
    const now = Date.now();
    const due = this.#queue.takeDue(now, now + (this.#slack?.ms ?? 0), (claim) => !claim.onTime);
    this.#slack?.started(due.length);
    for (const claim of due) {
      try {
        this.start(claim);
      } catch (error) {
        this.options.log.error({ err: error, canary: claim.id }, 'health run could not start');
      }
    }
    this.#arm();
  }
}
