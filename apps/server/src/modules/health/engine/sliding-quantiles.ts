import {
  emptyHistogram,
  merge,
  percentile,
  record,
  type Histogram,
} from '../history/latency-histogram.ts';

export interface SlidingQuantilesOptions {
  readonly name: string;
  readonly help: string;
  readonly quantiles: readonly number[];
  /** The window the quantiles cover, kept as `slices` parts that expire one at a time. */
  readonly windowMs: number;
  readonly slices: number;
  readonly now?: () => number;
}

/**
 * A Prometheus summary of whole milliseconds: quantiles over a sliding window, and a count and
 * sum since start. The engine observes one value a check run; prom-client's Summary made that
 * a t-digest insert into each of its age buckets. Here it is a count in a latency histogram
 * (exact below 128 ms, within 2.5% above), and quantiles are read only when scraped.
 */
export class SlidingQuantiles {
  readonly #slices: Histogram[];
  readonly #sliceMs: number;
  readonly #now: () => number;
  #current = 0;
  #sliceStart: number;
  #count = 0;
  #sumMs = 0;

  constructor(private readonly options: SlidingQuantilesOptions) {
    this.#slices = Array.from({ length: options.slices }, () => emptyHistogram());
    this.#sliceMs = options.windowMs / options.slices;
    this.#now = options.now ?? Date.now;
    this.#sliceStart = this.#now();
  }

  observe(ms: number): void {
    this.#advance();
    const slice = this.#slices[this.#current];
    if (slice) record(slice, ms);
    this.#count++;
    this.#sumMs += ms;
  }

  /** The family in the Prometheus text format, values in seconds. */
  render(): string {
    this.#advance();
    const window = emptyHistogram();
    for (const slice of this.#slices) merge(window, slice);
    const { name, help } = this.options;
    let text = `# HELP ${name} ${help}\n# TYPE ${name} summary\n`;
    for (const q of this.options.quantiles) {
      const ms = percentile(window, q);
      text += `${name}{quantile="${q}"} ${ms === null ? 'NaN' : ms / 1000}\n`;
    }
    return `${text}${name}_sum ${this.#sumMs / 1000}\n${name}_count ${this.#count}\n`;
  }

  /** Starts as many new slices as whole slice lengths have passed, emptying the oldest. */
  #advance(): void {
    const now = this.#now();
    if (now - this.#sliceStart < this.#sliceMs) return;
    const passed = Math.min(
      this.#slices.length,
      Math.floor((now - this.#sliceStart) / this.#sliceMs),
    );
    for (let i = 0; i < passed; i++) {
      this.#current = (this.#current + 1) % this.#slices.length;
      this.#slices[this.#current]?.clear();
    }
    this.#sliceStart += Math.floor((now - this.#sliceStart) / this.#sliceMs) * this.#sliceMs;
  }
}
