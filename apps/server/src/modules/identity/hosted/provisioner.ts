import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { Worker } from '../../../platform/module.ts';
import { runMigrations } from '../../../platform/migrations.ts';
import { organizationSchema } from '../../../platform/tenancy.ts';
import {
  claimProvisioning,
  copyMembers,
  createOrganizationSchema,
  currentSchema,
  markReady,
} from './organizations.repository.ts';

/** Opens an organisation's own database: its schema first on every connection's search_path. */
export type OrganizationDatabases = (organizationId: string) => Database;

/**
 * Creates each new organisation's schema, runs every migration inside it, copies its members'
 * people, then marks it ready; returns how many it did. The claim's row lock is held meanwhile.
 */
export async function provisionPending(
  db: Database,
  backendUrl: string,
  databaseOf: OrganizationDatabases,
  log: Logger,
): Promise<number> {
  return db.transaction(async (client) => {
    const pending = await claimProvisioning(client, 20);
    for (const org of pending) {
      if (org.schema_name !== organizationSchema(org.id)) throw new Error('unexpected schema');
      // Committed at once: the organisation's own pool must see the schema to migrate into it.
      await createOrganizationSchema(db.pool, org.schema_name);
      const own = databaseOf(org.id);
      // Without its schema the search_path would fall through to public: never migrate there.
      if ((await currentSchema(own.pool)) !== org.schema_name) {
        throw new Error(`schema ${org.schema_name} is not first on the organisation's path`);
      }
      await runMigrations(own.pool, log.child({ organization: org.id }));
      await copyMembers(client, org.schema_name, org.id);
      await markReady(client, org.id, backendUrl);
    }
    return pending.length;
  });
}

/**
 * Polls for organisations waiting to be provisioned; nudge() runs a pass at once. Passes run
 * one after another; rows are claimed with SKIP LOCKED, so any number of replicas may run it.
 */
export function createProvisioner(
  db: Database,
  log: Logger,
  settings: { backendUrl: string; pollMs: number; databaseOf: OrganizationDatabases },
) {
  const { backendUrl, pollMs, databaseOf } = settings;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<number> = Promise.resolve(0);
  /** Runs a pass after any pass under way; answers how many organisations it made ready. */
  const pass = (): Promise<number> => {
    chain = chain
      .then(() => provisionPending(db, backendUrl, databaseOf, log))
      .then((count) => {
        if (count > 0) log.info({ count }, 'organizations provisioned');
        return count;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'organization provisioning failed');
        return 0;
      });
    return chain;
  };
  const worker: Worker = {
    name: 'organization-provisioner',
    start() {
      timer ??= setInterval(() => void pass(), pollMs);
      void pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await chain;
    },
  };
  return { worker, nudge: () => void pass(), pass };
}
