import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import { isOwnerAlive, type Owner } from './embedded-postgres-owner.ts';
import { stopProcess } from './embedded-postgres-recovery.ts';

/** The server this process runs (owned), or the one another live Vigil process runs. */
export type Running =
  | { readonly kind: 'owned'; readonly child: ChildProcess }
  | { readonly kind: 'attached'; readonly owner: Owner };

export interface Supervision {
  /** Called after each restart, for the restarts counter in /api/metrics. */
  readonly onRestart: () => void;
}

/** Supervision that counts restarts as `vigil_embedded_postgres_restarts_total`. */
export function countedSupervision(registry: Registry): Supervision {
  const restarts = new Counter({
    name: 'vigil_embedded_postgres_restarts_total',
    help: 'Times the embedded PostgreSQL was started again after it stopped unexpectedly',
    registers: [registry],
  });
  return { onRestart: () => restarts.inc() };
}

const firstDelayMs = 250;
const maxDelayMs = 10_000;
const ownerPollMs = 1000;

/**
 * Keeps the embedded server up while supervised: when the postmaster this process runs exits,
 * or the Vigil process that runs it is gone, it is acquired again with exponential backoff.
 * Unsupervised (CLI verbs), it only knows whether stopping is ours to do.
 */
export class Supervisor {
  #current: Running;
  #stopping = false;
  #poll: NodeJS.Timeout | undefined;
  #restarting: Promise<void> | undefined;
  readonly #onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
    this.log.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly');
    this.#restarting = this.#restart();
  };

  constructor(
    first: Running,
    private readonly acquire: () => Promise<Running>,
    private readonly log: Logger,
    private readonly supervision: Supervision | undefined,
  ) {
    this.#current = first;
    this.#watch(first);
  }

  get owned(): boolean {
    return this.#current.kind === 'owned';
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#poll);
    await this.#restarting;
    const current = this.#current;
    if (current.kind !== 'owned') return;
    current.child.removeListener('exit', this.#onExit);
    if (current.child.pid !== undefined && current.child.exitCode === null) {
      await stopProcess(current.child.pid);
    }
  }

  /** At process exit: no time to wait, so the owned server gets its fast-shutdown signal. */
  abandon(release: () => void): void {
    this.#stopping = true;
    if (this.#current.kind === 'owned') this.#current.child.kill('SIGINT');
    release();
  }

  #watch(running: Running): void {
    if (!this.supervision) return;
    if (running.kind === 'owned') {
      running.child.once('exit', this.#onExit);
      return;
    }
    this.#poll = setInterval(() => {
      if (isOwnerAlive(running.owner)) return;
      clearInterval(this.#poll);
      this.log.warn({ ownerPid: running.owner.pid }, 'the Vigil that ran the database exited');
      this.#restarting = this.#restart();
    }, ownerPollMs);
    this.#poll.unref();
  }

  async #restart(): Promise<void> {
    for (let attempt = 1; !this.#stopping; attempt++) {
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      this.log.warn({ attempt, delayMs }, 'restarting the embedded PostgreSQL');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (this.#stopping) return;
      try {
        const running = await this.acquire();
        this.#current = running;
        this.#watch(running);
        this.log.warn(
          { attempt, owned: running.kind === 'owned' },
          'embedded PostgreSQL restarted',
        );
        this.supervision?.onRestart();
        return;
      } catch (error) {
        this.log.error({ err: error, attempt }, 'embedded PostgreSQL did not restart');
      }
    }
  }
}
