import type { Logger } from 'pino';
import type { Database } from './platform/db.ts';
import type { Worker } from './platform/module.ts';

export interface TenantWorkerDeps {
  readonly log: Logger;
  /** The organisations whose schema is ready. */
  readonly ready: () => Promise<readonly string[]>;
  readonly databaseOf: (organizationId: string) => Database;
  /** The workers of one organisation: every area's, built on its own database. */
  readonly compose: (db: Database, log: Logger) => Promise<readonly Worker[]>;
  readonly pollMs: number;
}

export interface TenantWorkers extends Worker {
  /** Starts the workers of organisations that became ready since the last pass. */
  sync(): Promise<void>;
  /** The organisations whose workers run. */
  running(): readonly string[];
}

/**
 * Hosted mode (ADR 0011): each ready organisation runs its own set of every area's workers
 * against its own schema; a poll starts them when an organisation becomes ready.
 */
export function createTenantWorkers(deps: TenantWorkerDeps): TenantWorkers {
  const started = new Map<string, readonly Worker[]>();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let stopped = true;

  async function startNew(): Promise<void> {
    if (stopped) return;
    for (const organization of await deps.ready()) {
      if (started.has(organization) || stopped) continue;
      const log = deps.log.child({ organization });
      const workers = await deps.compose(deps.databaseOf(organization), log);
      started.set(organization, workers);
      for (const worker of workers) worker.start();
      log.info({ workers: workers.length }, 'organization workers started');
    }
  }

  const sync = (): Promise<void> => {
    pass = pass
      .then(startNew)
      .catch((error: unknown) => deps.log.error({ err: error }, 'organization workers failed'));
    return pass;
  };

  return {
    name: 'organization-workers',
    sync,
    running: () => [...started.keys()],
    start() {
      stopped = false;
      timer ??= setInterval(() => void sync(), deps.pollMs);
      void sync();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await pass;
      for (const [organization, workers] of [...started].reverse()) {
        for (const worker of [...workers].reverse()) {
          try {
            await worker.stop();
          } catch (error) {
            deps.log.error(
              { err: error, organization, worker: worker.name },
              'worker did not stop',
            );
          }
        }
      }
      started.clear();
    },
  };
}
