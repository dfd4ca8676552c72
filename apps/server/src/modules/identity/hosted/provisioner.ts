import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { Worker } from '../../../platform/module.ts';
import {
  claimProvisioning,
  createOrganizationSchema,
  markReady,
} from './organizations.repository.ts';

/** Creates each new organisation's schema, then marks it ready; returns how many it did. */
export async function provisionPending(db: Database, backendUrl: string): Promise<number> {
  return db.transaction(async (client) => {
    const pending = await claimProvisioning(client, 20);
    for (const org of pending) {
      await createOrganizationSchema(client, org.schema_name);
      await markReady(client, org.id, backendUrl);
    }
    return pending.length;
  });
}

/**
 * Polls for organisations waiting to be provisioned; nudge() runs a pass at once. Rows are
 * claimed with SKIP LOCKED, so any number of replicas may run it.
 */
export function createProvisioner(db: Database, log: Logger, backendUrl: string, pollMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const pass = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = provisionPending(db, backendUrl)
      .then((count) => {
        if (count > 0) log.info({ count }, 'organizations provisioned');
      })
      .catch((error: unknown) => log.error({ err: error }, 'organization provisioning failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const worker: Worker = {
    name: 'organization-provisioner',
    start() {
      timer ??= setInterval(pass, pollMs);
      pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return { worker, nudge: pass };
}
