import { scopeKey } from '../../../platform/tenancy.ts';

/**
 * Every open health dashboard polls the same summary. Answers are shared for `freshMs`: requests
 * for one time range while it is being computed wait for that computation (single flight), and
 * later ones within `freshMs` of its start reuse it. The answer is at most `freshMs` old.
 */
export class SummaryCache<T = string> {
  /** By organisation (hosted mode, '' otherwise) and time range. */
  readonly #entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries = 32,
  ) {}

  get(windowMs: number, now: number, compute: () => Promise<T>): Promise<T> {
    if (this.freshMs <= 0) return compute();
    const key = `${scopeKey()}|${windowMs}`;
    const cached = this.#entries.get(key);
    if (cached && now - cached.at < this.freshMs) return cached.value;
    this.#evict(now);
    const value = compute();
    const entry = { at: now, value };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }

  /** A Run Now on this replica shows at once instead of after `freshMs`. */
  clear(): void {
    this.#entries.clear();
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.at >= this.freshMs) this.#entries.delete(key);
    }
    // Time ranges come from requests: the oldest go first when many distinct ones are asked.
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
