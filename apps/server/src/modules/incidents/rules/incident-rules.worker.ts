import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { Worker } from '../../../platform/module.ts';
import { runIncidentRules } from './incident-rules.service.ts';
import { incidentLocks, tryIncidentLock, unlockIncidentLock } from './rules-lock.repository.ts';

/** Runs the incident rules every `everyMs` on one replica at a time (an advisory lock). */
export function createIncidentRulesWorker(db: Database, log: Logger, everyMs: number): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = async (): Promise<void> => {
    const holder = await db.pool.connect();
    try {
      if (!(await tryIncidentLock(holder, incidentLocks.rules))) return;
      try {
        await runIncidentRules(db, new Date());
      } finally {
        await unlockIncidentLock(holder, incidentLocks.rules);
      }
    } finally {
      holder.release();
    }
  };
  const tick = (): void => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, 'incident rules pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name: 'incident rules',
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
