export interface StartSlackOptions {
  /** Runs a wake-up should gather on average. */
  readonly runsPerWake: number;
  /** The most a run starts ahead of its slot. */
  readonly maxMs: number;
  /** Above this rate runs start on their slots. */
  readonly denseAbovePerSecond: number;
}

/** The engine's: at 50 runs/s a run starts at most 160 ms early; above 200/s on its slot. */
export const engineStartSlack: StartSlackOptions = {
  runsPerWake: 8,
  maxMs: 200,
  denseAbovePerSecond: 200,
};

/**
 * How far ahead of its slot a run may start so that runs due close together share one
 * wake-up of the process. Each wake-up costs about as much CPU as a probe's own work when
 * runs are sparse, so at low rates a few runs per wake-up cut the engine's CPU by a third or
 * more; at high rates the loop is awake anyway and runs start exactly at their slots.
 */
export class StartSlack {
  #startsPerSecond = 0;
  #counted = 0;
  #since: number;

  constructor(
    private readonly options: StartSlackOptions,
    now: number,
  ) {
    this.#since = now;
  }

  /** Counts runs started. */
  started(count: number): void {
    this.#counted += count;
  }

  /** Folds the runs counted since the last call into the rate (call about twice a second). */
  sample(now: number): void {
    const elapsed = now - this.#since;
    if (elapsed <= 0) return;
    const rate = (this.#counted * 1000) / elapsed;
    // Weighted towards the new sample: a burst of new canaries is taken into account within a second.
    this.#startsPerSecond =
      this.#startsPerSecond === 0 ? rate : 0.5 * this.#startsPerSecond + 0.5 * rate;
    this.#counted = 0;
    this.#since = now;
  }

  /** The window after a wake-up whose runs start in it. */
  get ms(): number {
    const rate = this.#startsPerSecond;
    if (rate > this.options.denseAbovePerSecond) return 0;
    if (rate <= 0) return this.options.maxMs;
    return Math.min(this.options.maxMs, (this.options.runsPerWake * 1000) / rate);
  }
}
