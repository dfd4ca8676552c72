import { z } from 'zod';
import type { CheckOutcome } from '../check-types/check-type.ts';
import { parseDuration } from '../../../platform/durations.ts';

const duration = z
  .string()
  .refine((text) => text.trim() === '0' || parseDuration(text) !== undefined, {
    message: 'must be a duration such as 500ms, 10s or 1m30s',
  });

/** canary-checker's `retries`, on the canary (defaults) and on each check (overrides). */
export const checkRetriesSpec = z
  .object({
    delay: duration.optional().describe('Wait before the first attempt'),
    timeout: duration.optional().describe('Retry a failing check until this much time passed'),
    interval: duration.optional().describe('Wait between attempts (default 1s)'),
    maxRetries: z.number().int().nonnegative().optional().describe('Attempts after the first'),
    disabled: z.boolean().optional().describe("Turns off the canary's retries for this check"),
  })
  .strict();

export type CheckRetriesSpec = z.infer<typeof checkRetriesSpec>;

export interface RetryPolicy {
  readonly delayMs: number;
  readonly timeoutMs: number;
  readonly intervalMs: number;
  readonly maxRetries: number | undefined;
}

const defaultIntervalMs = 1000;
const ms = (text: string | undefined) => (text === undefined ? 0 : (parseDuration(text) ?? 0));

/**
 * The check's fields over the canary's, as canary-checker merges them. Undefined when there is
 * nothing to do: no retries configured, or `disabled`.
 */
export function retryPolicy(
  canary: CheckRetriesSpec | undefined,
  check: CheckRetriesSpec | undefined,
): RetryPolicy | undefined {
  if (canary === undefined && check === undefined) return undefined;
  const merged = { ...canary, ...definedOnly(check ?? {}) };
  if (merged.disabled === true) return undefined;
  const timeoutMs = ms(merged.timeout);
  const retrying = (merged.maxRetries ?? 0) > 0 || timeoutMs > 0;
  const intervalMs =
    merged.interval === undefined && retrying ? defaultIntervalMs : ms(merged.interval);
  return { delayMs: ms(merged.delay), timeoutMs, intervalMs, maxRetries: merged.maxRetries };
}

/**
 * Runs `attempt` until it passes, is invalid, or the policy allows no more attempts (after
 * `delay`; `interval` apart; at most `maxRetries` more; until `timeout`). The last outcome is
 * kept, with canary-checker's `retries` data (attempts, retries, elapsed, …) for expressions.
 */
export async function runWithRetries(
  policy: RetryPolicy,
  attempt: () => Promise<CheckOutcome & { elapsed: number }>,
  passes: (outcome: CheckOutcome) => boolean,
  signal?: AbortSignal,
): Promise<CheckOutcome & { elapsed: number }> {
  await sleep(policy.delayMs, signal);
  const started = performance.now();
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const outcome = await attempt();
    const spent = performance.now() - started;
    const again =
      !passes(outcome) &&
      outcome.invalid !== true &&
      ((policy.maxRetries ?? 0) > 0 || policy.timeoutMs > 0) &&
      (policy.maxRetries === undefined || attempts - 1 < policy.maxRetries) &&
      (policy.timeoutMs === 0 || spent < policy.timeoutMs);
    if (!again || signal?.aborted) {
      return { ...outcome, data: { ...outcome.data, retries: retryData(policy, attempts, spent) } };
    }
    const left = policy.timeoutMs - spent;
    const wait =
      policy.timeoutMs > 0 && (policy.intervalMs <= 0 || policy.intervalMs > left)
        ? Math.max(left, 0)
        : policy.intervalMs;
    await sleep(wait, signal);
  }
}

function retryData(policy: RetryPolicy, attempts: number, elapsedMs: number) {
  return {
    attempts,
    retries: attempts - 1,
    elapsedMillis: Math.round(elapsedMs),
    retryConfigured: true,
    ...(policy.maxRetries === undefined ? {} : { maxRetries: policy.maxRetries }),
  };
}

function definedOnly(spec: CheckRetriesSpec): CheckRetriesSpec {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
