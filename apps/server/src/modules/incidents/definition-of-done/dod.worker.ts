import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { runMaintenance, type MaintenanceJob } from '../../../platform/maintenance.ts';
import type { Worker } from '../../../platform/module.ts';
import { runDefinitionOfDone, type DefinitionOfDoneOutcome } from './dod.service.ts';

export interface DefinitionOfDoneSettings {
  /** How often scripts are evaluated (default one minute). */
  readonly everyMs: number;
}

export const defaultDefinitionOfDoneSettings: DefinitionOfDoneSettings = { everyMs: 60_000 };

/** An arbitrary, fixed key ('idod'): one replica at a time evaluates the scripts. */
const lockKey = 0x69_64_6f_64;

export function definitionOfDoneJob(db: Database): MaintenanceJob<DefinitionOfDoneOutcome> {
  return {
    name: 'IncidentDefinitionOfDone',
    resourceType: 'incident',
    lockKey,
    run: (_client, now) => runDefinitionOfDone(db, now),
    count: (outcome) => outcome.done,
  };
}

/** Evaluates definition-of-done scripts on a schedule; every pass writes job history. */
export function createDefinitionOfDoneWorker(
  db: Database,
  log: Logger,
  settings: DefinitionOfDoneSettings = defaultDefinitionOfDoneSettings,
): Worker {
  const job = definitionOfDoneJob(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = (): void => {
    if (running) return;
    running = runMaintenance(db, job, Date.now())
      .catch((error: unknown) => log.warn({ err: error }, 'definition of done pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name: 'incident definition of done',
    start(): void {
      if (timer) return;
      timer = setInterval(tick, settings.everyMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
