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

type Write<S> = (results: CheckResult[], runs: CanaryRun[], slots: S[]) => Promise<void>;

/** What one add() handed over: written whole, in one transaction (a slot with its results). */
interface Entry<S> {
  readonly results: readonly CheckResult[];
  readonly run: CanaryRun | undefined;
  readonly slot: S | undefined;
}

/**
 * Collects results and writes them in batches, one transaction each: one ingest of a
 * thousand rows costs about what one row alone costs. While the database is unreachable the
 * batch is kept and retried with backoff; writes are idempotent, so a retried batch that had
 * in fact committed is not counted twice. A run's results and its slot are never split.
 */
export class ResultBatcher<S = never> {
  #entries: Entry<S>[] = [];
  #buffered = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #failures = 0;
  #retryAt = 0;
  #dropped = 0;
  /** Entries at the head of the buffer that a write in progress is storing. */
  #writing = 0;

  constructor(
    private readonly write: Write<S>,
    private readonly options: BatcherOptions,
    /** An entry dropped unwritten (a long outage): its slot is given back. */
    private readonly onDrop: (slot: S) => void = () => undefined,
  ) {}

  get buffered(): number {
    return this.#buffered;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.#tick(), this.options.flushMs);
    this.#timer.unref();
  }

  add(results: readonly CheckResult[], run?: CanaryRun, slot?: S): void {
    const { maxBatch } = this.options;
    if (slot === undefined && results.length > maxBatch) {
      // Without a slot nothing ties the results together: they may go in several batches.
      for (let i = 0; i < results.length; i += maxBatch) {
        const last = i + maxBatch >= results.length;
        this.#push({ results: results.slice(i, i + maxBatch), run: last ? run : undefined, slot });
      }
    } else {
      this.#push({ results, run, slot });
    }
    this.#dropExcess();
    if (this.#buffered >= maxBatch) void this.#tick();
  }

  #push(entry: Entry<S>): void {
    this.#entries.push(entry);
    this.#buffered += entry.results.length;
  }

  #dropExcess(): void {
    let excess = this.#buffered - this.#bufferedWriting() - this.options.maxBuffered;
    if (excess <= 0) return;
    let dropped = 0;
    while (excess > 0 && this.#entries.length > this.#writing) {
      const [entry] = this.#entries.splice(this.#writing, 1);
      if (!entry) break;
      this.#buffered -= entry.results.length;
      excess -= entry.results.length;
      dropped += entry.results.length;
      if (entry.slot !== undefined) this.onDrop(entry.slot);
    }
    this.#dropped += dropped;
    this.options.log.error(
      { dropped: this.#dropped },
      'health results dropped: database unavailable too long',
    );
  }

  #bufferedWriting(): number {
    let count = 0;
    for (let i = 0; i < this.#writing; i++) count += this.#entries[i]?.results.length ?? 0;
    return count;
  }

  /** Writes everything buffered so far; rejects when the database refuses it. */
  async flush(): Promise<void> {
    while (this.#entries.length > 0) await this.#drain();
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
          { err: error, buffered: this.#buffered },
          'health results not written yet; retrying',
        );
      }
    }
  }

  /** One writer at a time: concurrent callers share the drain in progress. */
  #drain(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    const drain = (async () => {
      while (this.#entries.length > 0) await this.#writeOne();
    })();
    const tracked = drain.finally(() => {
      if (this.#flushing === tracked) this.#flushing = undefined;
    });
    this.#flushing = tracked;
    return tracked;
  }

  async #writeOne(): Promise<void> {
    let count = 0;
    let size = 0;
    for (const entry of this.#entries) {
      if (count > 0 && size + entry.results.length > this.options.maxBatch) break;
      count++;
      size += entry.results.length;
    }
    const taken = this.#entries.slice(0, count);
    this.#writing = count;
    try {
      await this.write(
        taken.flatMap((e) => e.results),
        taken.flatMap((e) => (e.run ? [e.run] : [])),
        taken.flatMap((e) => (e.slot === undefined ? [] : [e.slot])),
      );
    } finally {
      this.#writing = 0;
    }
    this.#entries.splice(0, count);
    this.#buffered -= size;
    if (this.#failures > 0) this.options.log.info('health results written again');
    this.#failures = 0;
    this.#retryAt = 0;
  }
}
