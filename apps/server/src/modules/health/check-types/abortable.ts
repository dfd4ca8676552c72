/** Why a run stopped at its time limit, as the failed outcome says it. */
export class CheckTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs}ms`);
    this.name = 'CheckTimeoutError';
  }
}

/**
 * Settles with `work`, or rejects with a CheckTimeoutError as soon as `signal` aborts; `release`
 * runs on abort so the client's socket is torn down instead of left to finish on its own.
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
  timeoutMs: number,
  release: () => void,
): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    release();
    return Promise.reject(new CheckTimeoutError(timeoutMs));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      release();
      reject(new CheckTimeoutError(timeoutMs));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A clock for one run: how much of the time limit is left, keeping a margin for the reply. */
export function runBudget(timeoutMs: number): { readonly left: () => number } {
  const deadline = performance.now() + timeoutMs;
  const margin = Math.min(500, Math.round(timeoutMs / 10));
  return { left: () => Math.max(1, Math.floor(deadline - performance.now() - margin)) };
}

/** A polite goodbye (QUIT, Terminate…), but never waiting long on a peer that stays silent. */
export async function closeGracefully(
  end: () => Promise<unknown>,
  destroy: () => void,
  waitMs = 1000,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      destroy();
      resolve();
    }, waitMs);
  });
  await Promise.race([end().catch(() => destroy()), late]);
  clearTimeout(timer);
}
