import type { Logger } from 'pino';
import type { Worker } from './module.ts';

export interface ScheduledRunsWorker {
  /** Names the worker in shutdown logs. */
  readonly name: string;
  /** What one run is, in logs: `scraper`, `topology`. */
  readonly noun: string;
  readonly log: Logger;
  readonly tickMs: number;
  /** Runs at once in this process. */
  readonly concurrency: number;
  /** Claims up to `room` due rows (moving their next_runtime on) and answers their ids. */
  claim(room: number): Promise<string[]>;
  run(id: string): Promise<unknown>;
}

/**
 * The loop of a scheduled resource (scrapers, topologies): every tick it claims what is due,
 * up to the free slots, and runs each claimed row once in the background.
 */
export function createScheduledRunsWorker(options: ScheduledRunsWorker): Worker {
  const { log, noun } = options;
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const room = options.concurrency - running.size;
      if (room <= 0) return;
      for (const id of await options.claim(room)) {
        if (running.has(id)) continue;
        running.add(id);
        void options
          .run(id)
          .catch((error: unknown) => log.error({ err: error, [noun]: id }, `${noun} run failed`))
          .finally(() => running.delete(id));
      }
    } catch (error) {
      log.warn({ err: error }, `${noun} scheduler tick failed`);
    } finally {
      ticking = false;
    }
  }

  return {
    name: options.name,
    start() {
      timer ??= setInterval(() => void tick(), options.tickMs);
      void tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
