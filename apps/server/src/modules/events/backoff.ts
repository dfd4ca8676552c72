export interface Backoff {
  /** The wait after the first failure; it doubles after each further one. */
  readonly baseMs: number;
  /** The longest wait between two attempts. */
  readonly maxMs: number;
}

/** How long an event that has failed `attempts` times waits before its next attempt. */
export function retryDelayMs(attempts: number, backoff: Backoff): number {
  if (attempts <= 0) return 0;
  // 2^52 already exceeds any sane maximum; capping the exponent keeps the number finite.
  return Math.min(backoff.baseMs * 2 ** Math.min(attempts - 1, 52), backoff.maxMs);
}
