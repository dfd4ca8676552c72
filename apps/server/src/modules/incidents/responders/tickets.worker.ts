import type { Worker } from '../../../platform/module.ts';
import { syncTickets, type TicketDeps } from './tickets.service.ts';

/** Polls open tickets for comments and progress (default every two minutes). */
export function createTicketSyncWorker(deps: TicketDeps, everyMs = 120_000): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const controller = new AbortController();
  const tick = (): void => {
    if (running) return;
    running = syncTickets(deps, controller.signal)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'ticket sync pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name: 'incident ticket sync',
    start(): void {
      if (timer) return;
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
