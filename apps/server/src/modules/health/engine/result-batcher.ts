import type { Logger } from 'pino';
import type { CanaryRun, CheckResult } from '../history/check-result.ts';

export interface BatcherOptions {
  /** Buffered results are written at least this often. */
  readonly flushMs: number;
  /** A flush writes at most this many results in one transaction. */
  readonly maxBatch: number;
  /** Beyond this many waiting results (a long outage), the oldest are dropped and logged. */
  readonly maxBuffered: number;
  readonly log: Logger;
}

type Write = (results: CheckResult[], runs: CanaryRun[]) => Promise<void>;

/**
 * Collects results and writes them in batches, one transaction each: one ingest of a
 * thousand rows costs about what one row alone costs. While the database is unreachable the
 * batch is kept and retried with backoff; writes are idempotent, so a retried batch that had
 * in fact committed is not counted twice.
 */
export class ResultBatcher {
  #results: CheckResult[] = [];
  #runs: CanaryRun[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #failures = 0;
  #retryAt = 0;
  #dropped = 0;
  /** Results at the head of the buffer that a write in progress is storing. */
  #writing = 0;
  #writingRuns = 0;

  constructor(
    private readonly write: Write,
    private readonly options: BatcherOptions,
  ) {}

  get buffered(): number {
    return this.#results.length;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.#tick(), this.options.flushMs);
    this.#timer.unref();
  }

  add(results: readonly CheckResult[], run?: CanaryRun): void {
    this.#results.push(...results);
    if (run) this.#runs.push(run);
    const excess = this.#results.length - this.#writing - this.options.maxBuffered;
    if (excess > 0) {
      this.#results.splice(this.#writing, excess);
      const extraRuns = this.#runs.length - this.#writingRuns - this.options.maxBuffered;
      if (extraRuns > 0) this.#runs.splice(this.#writingRuns, extraRuns);
      this.#dropped += excess;
      this.options.log.error(
        { dropped: this.#dropped },
        'health results dropped: database unavailable too long',
      );
    }
    if (this.#results.length >= this.options.maxBatch) void this.#tick();
  }

  /** Writes everything buffered so far; rejects when the database refuses it. */
  async flush(): Promise<void> {
    while (this.#results.length > 0 || this.#runs.length > 0) await this.#drain();
  }

  /** Stops the timer and writes what is left (best effort, bounded by the caller). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #tick(): Promise<void> {
    if (this.#flushing || Date.now() < this.#retryAt) return;
    try {
      await this.#drain();
    } catch (error) {
      this.#failures++;
      const backoff = Math.min(30_000, 250 * 2 ** Math.min(this.#failures, 7));
      this.#retryAt = Date.now() + backoff * (0.5 + Math.random() / 2);
      if (this.#failures === 1 || this.#failures % 20 === 0) {
        this.options.log.warn(
          { err: error, buffered: this.#results.length },
          'health results not written yet; retrying',
        );
      }
    }
  }

  /** One writer at a time: concurrent callers share the drain in progress. */
  #drain(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    const drain = (async () => {
      while (this.#results.length > 0 || this.#runs.length > 0) await this.#writeOne();
    })();
    const tracked = drain.finally(() => {
      if (this.#flushing === tracked) this.#flushing = undefined;
    });
    this.#flushing = tracked;
    return tracked;
  }

  async #writeOne(): Promise<void> {
    const results = this.#results.slice(0, this.options.maxBatch);
    const runs = this.#runs.slice(0, this.options.maxBatch);
    this.#writing = results.length;
    this.#writingRuns = runs.length;
    try {
      await this.write(results, runs);
    } finally {
      this.#writing = 0;
      this.#writingRuns = 0;
    }
    this.#results.splice(0, results.length);
    this.#runs.splice(0, runs.length);
    if (this.#failures > 0) this.options.log.info('health results written again');
    this.#failures = 0;
    this.#retryAt = 0;
  }
}
