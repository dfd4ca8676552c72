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

/** Something that can tell a request to stop: a run's time limit, or an AbortSignal. */
export interface AbortHook {
  /** Calls `listener` once on abort (at once if already aborted); returns its removal. */
  whenAborted(listener: (reason: Error) => void): () => void;
}

function reasonOf(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('the run was aborted');
}

/** An AbortSignal seen as a hook (contexts built around a signal: tests, connection tests). */
export function hookOf(signal: AbortSignal): AbortHook {
  return {
    whenAborted(listener) {
      const onAbort = () => listener(reasonOf(signal.reason));
      if (signal.aborted) {
        onAbort();
        return () => undefined;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * One run's abort. An AbortController is an EventTarget, and making one per run cost a few
 * per cent of a core at 1,000 checks a second, yet a plain-HTTP probe only needs a callback.
 * So the signal is made only when a runner asks for it; `whenAborted` needs none.
 */
export class RunAbort implements AbortHook {
  #controller: AbortController | undefined;
  #listeners: Array<(reason: Error) => void> | undefined;
  #reason: Error | undefined;

  get aborted(): boolean {
    return this.#reason !== undefined;
  }

  get reason(): Error | undefined {
    return this.#reason;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#reason) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  whenAborted(listener: (reason: Error) => void): () => void {
    if (this.#reason) {
      listener(this.#reason);
      return () => undefined;
    }
    (this.#listeners ??= []).push(listener);
    return () => {
      const at = this.#listeners?.indexOf(listener) ?? -1;
      if (at !== -1) this.#listeners?.splice(at, 1);
    };
  }

  abort(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners ?? [];
    this.#listeners = undefined;
    for (const listener of listeners) listener(reason);
  }
}
