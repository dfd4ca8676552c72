import type { Logger } from 'pino';

/** How long stop() waits for runs in flight before writing what it has. */
const stopWaitMs = 10_000;

/** The canary runs started and not yet finished, so that stopping can wait for them. */
export class InFlightRuns {
  readonly #runs = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Keeps the run until it finishes; a run that fails is logged, never rethrown. */
  track(canaryId: string, started: Promise<void>): void {
    const run: Promise<void> = started
      .catch((error: unknown) =>
        this.log.error({ err: error, canary: canaryId }, 'canary run failed'),
      )
      .finally(() => this.#runs.delete(run));
    this.#runs.add(run);
  }

  /** Waits for the runs in flight to finish, at most stopWaitMs. */
  async settle(): Promise<void> {
    const settled = Promise.allSettled([...this.#runs]);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, stopWaitMs)));
    await Promise.race([settled, bound]);
    clearTimeout(timer);
  }
}
