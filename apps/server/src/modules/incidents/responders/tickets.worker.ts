import type { Worker } from '../../../platform/module.ts';
import {
  incidentLocks,
  tryIncidentLock,
  unlockIncidentLock,
} from '../rules/rules-lock.repository.ts';
import { syncTickets, type TicketDeps } from './tickets.service.ts';

/** One pass on one replica at a time, so two never copy the same ticket comment. */
async function syncOnce(deps: TicketDeps, signal: AbortSignal): Promise<void> {
  const holder = await deps.db.pool.connect();
  try {
    if (!(await tryIncidentLock(holder, incidentLocks.ticketSync))) return;
    try {
      await syncTickets(deps, signal);
    } finally {
      await unlockIncidentLock(holder, incidentLocks.ticketSync);
    }
  } finally {
    holder.release();
  }
}

/** Polls open tickets for comments and progress (default every two minutes). */
export function createTicketSyncWorker(deps: TicketDeps, everyMs = 120_000): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const controller = new AbortController();
  const tick = (): void => {
    if (running) return;
    running = syncOnce(deps, controller.signal)
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
