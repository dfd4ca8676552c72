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

  begin(): void {
    this.#stopped = false;
    void this.claim();
    this.#claimTimer = setInterval(() => void this.claim(), this.options.claimEveryMs);
  }

  /** Stops claiming; slots already claimed but not started are given up (they run next time). */
  end(): void {
    this.#stopped = true;
    clearInterval(this.#claimTimer);
    clearTimeout(this.#runTimer);
    this.#queue.clear();
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
        (row) => this.#plan(row),
      );
      for (const claim of claimed) this.#queue.push(claim);
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
