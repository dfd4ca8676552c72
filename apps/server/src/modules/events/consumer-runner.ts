import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { retryDelayMs, type Backoff } from './backoff.ts';
import type { EventConsumer } from './event-consumer.ts';
import type { EventMetrics } from './event-metrics.ts';
import { claimEvents, deleteEvents, recordFailures } from './event-queue.repository.ts';
import { handleInParallel, handleInTransaction, type BatchOutcome } from './handle-batch.ts';
import type { QueuedEvent } from './event.ts';

export interface RunnerSettings {
  /** Claim loops of this consumer on this replica: how many batches run at once. */
  readonly loops: number;
  readonly batchSize: number;
  readonly maxAttempts: number;
  readonly backoff: Backoff;
}

/**
 * One consumer's claim loops on this replica. A wake (NOTIFY, poll, a retry coming due) starts
 * loops up to the limit; each claims a batch with SKIP LOCKED, handles it, removes what was
 * handled and records failures in the same transaction, and goes on while there is more.
 */
export class ConsumerRunner {
  readonly #loops = new Set<Promise<void>>();
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  readonly #backoff: Backoff;
  #wakes = 0;
  #turn = 0;
  #stopped = true;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly db: Database,
    readonly consumer: EventConsumer,
    private readonly settings: RunnerSettings,
    private readonly log: Logger,
    private readonly metrics: EventMetrics,
  ) {
    this.#batchSize = consumer.batchSize ?? settings.batchSize;
    this.#maxAttempts = consumer.maxAttempts ?? settings.maxAttempts;
    this.#backoff = consumer.backoff ?? settings.backoff;
  }

  get maxAttempts(): number {
    return this.#maxAttempts;
  }

  get running(): number {
    return this.#loops.size;
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  wake(): void {
    if (this.#stopped) return;
    this.#wakes++;
    while (this.#loops.size < this.settings.loops) {
      const loop: Promise<void> = this.#loop().finally(() => this.#loops.delete(loop));
      this.#loops.add(loop);
    }
  }

  /** Claims nothing more; batches in flight finish and commit (waiting at most `waitMs`). */
  async stop(waitMs: number): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.allSettled([...this.#loops]), bound]);
    clearTimeout(timer);
  }

  async #loop(): Promise<void> {
    try {
      while (!this.#stopped) {
        const seen = this.#wakes;
        const claimed = await this.#batch();
        // A full batch suggests more; a wake while claiming may have brought more.
        if (claimed < this.#batchSize && this.#wakes === seen) return;
      }
    } catch (error) {
      this.log.warn(
        { err: error, consumer: this.consumer.name },
        'event consumer could not finish a batch; its events stay queued for the next try',
      );
    }
  }

  async #batch(): Promise<number> {
    const { events, outcome } = await this.db.transaction(async (client) => {
      const events = await claimEvents(client, {
        names: this.#nextNames(),
        maxAttempts: this.#maxAttempts,
        backoff: this.#backoff,
        limit: this.#batchSize,
      });
      if (events.length === 0) return { events, outcome: undefined };
      const outcome = this.consumer.transactional
        ? await handleInTransaction(client, this.consumer, events, this.log)
        : await handleInParallel(this.consumer, events, this.log);
      await deleteEvents(client, outcome.done);
      await recordFailures(client, outcome.failed);
      return { events, outcome };
    });
    if (outcome) this.#settled(events, outcome);
    return events.length;
  }

  /** Each batch starts with the next event name, so that one busy name cannot starve the rest. */
  #nextNames(): readonly string[] {
    const names = this.consumer.events;
    const first = this.#turn++ % Math.max(1, names.length);
    return [...names.slice(first), ...names.slice(0, first)];
  }

  #settled(events: readonly QueuedEvent[], outcome: BatchOutcome): void {
    const name = this.consumer.name;
    this.metrics.handled(name, outcome.done.length);
    this.metrics.failed(name, outcome.failed.length);
    if (outcome.failed.length === 0) return;
    const attempts = new Map(events.map((event) => [event.id, event.attempts + 1]));
    let soonest = Number.POSITIVE_INFINITY;
    let exhausted = 0;
    for (const failure of outcome.failed) {
      const made = attempts.get(failure.id) ?? this.#maxAttempts;
      if (made >= this.#maxAttempts) exhausted++;
      else soonest = Math.min(soonest, retryDelayMs(made, this.#backoff));
    }
    const sample = outcome.failed[0]?.error;
    this.log.warn(
      { consumer: name, failed: outcome.failed.length, exhausted, error: sample },
      exhausted > 0
        ? 'events failed; some reached the maximum attempts and stay queued as failed'
        : 'events failed; retrying with backoff',
    );
    if (Number.isFinite(soonest)) this.#retryIn(soonest);
  }

  /** Wakes this runner when the earliest retry comes due (the poll would, but later). */
  #retryIn(delayMs: number): void {
    const at = Date.now() + delayMs;
    if (this.#stopped || (this.#retryTimer !== undefined && this.#retryAt <= at)) return;
    clearTimeout(this.#retryTimer);
    this.#retryAt = at;
    // A few ms late, so that the database's clock has passed the due time too.
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#retryAt = Number.POSITIVE_INFINITY;
      this.wake();
    }, delayMs + 20);
    this.#retryTimer.unref();
  }
}
