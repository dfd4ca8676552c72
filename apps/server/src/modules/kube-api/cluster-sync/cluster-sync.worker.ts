import type pg from 'pg';
import type { Logger } from 'pino';
import type { DataApiService } from '../../../data-api/data-api.module.ts';
import type { Database } from '../../../platform/db.ts';
import type { Worker } from '../../../platform/module.ts';
import { createClusterClient, loadClusterConfig, type ClusterClient } from './cluster-client.ts';
import { resignClusterSync, tryLeadClusterSync } from './cluster-sync.repository.ts';
import type { ClusterSyncSettings } from './cluster-sync.settings.ts';
import { createCrdStore } from './crd-store.ts';
import { createKindSync } from './kind-sync.ts';
import { crdKinds } from './kinds/registry.ts';
import { createReconciler } from './reconciler.ts';

export interface ClusterSyncDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly dataApi: DataApiService;
  readonly settings: ClusterSyncSettings;
}

interface Leadership {
  readonly client: pg.PoolClient;
  readonly controller: AbortController;
  readonly running: Promise<unknown>;
  readonly onError: (error: Error) => void;
}

/**
 * Reconciles the cluster's custom resources into Vigil. Every replica runs the worker; the one
 * whose database session holds the advisory lock syncs, and a replica that loses its session
 * stops, so another takes over within leaderPollMs.
 */
export function createClusterSyncWorker(deps: ClusterSyncDeps): Worker {
  const log = deps.log.child({ worker: 'cluster-sync' });
  const pollMs = deps.settings.leaderPollMs ?? 5000;
  const timing = {
    retryMs: deps.settings.retryMs ?? 1000,
    maxBackoffMs: deps.settings.maxBackoffMs ?? 60_000,
    resyncMs: deps.settings.resyncMs ?? 600_000,
  };
  let cluster: ClusterClient | undefined;
  let leading: Leadership | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  function sync(client: ClusterClient, signal: AbortSignal): Promise<unknown> {
    const store = createCrdStore(deps.dataApi);
    const reconciler = createReconciler({ client, store, log });
    return Promise.all(
      crdKinds.map((kind) =>
        createKindSync({ kind, client, store, reconciler, log, timing }).run(signal),
      ),
    );
  }

  async function lead(): Promise<void> {
    if (stopped || leading) return;
    cluster ??= createClusterClient(loadClusterConfig(deps.settings.cluster));
    const client = await deps.db.pool.connect();
    let held = false;
    try {
      held = await tryLeadClusterSync(client);
    } finally {
      if (!held) client.release();
    }
    if (!held || stopped) {
      if (held) await resign(client);
      return;
    }
    const controller = new AbortController();
    // The lock lives with the session: once the session is lost, so is the leadership.
    const onError = (error: Error) => {
      log.warn({ err: error }, 'cluster sync lost its database session; stepping down');
      void stepDown(true);
    };
    client.on('error', onError);
    log.info('leading the cluster sync');
    leading = { client, controller, onError, running: sync(cluster, controller.signal) };
  }

  async function resign(client: pg.PoolClient, broken = false): Promise<void> {
    try {
      if (!broken) await resignClusterSync(client);
    } finally {
      client.release(broken);
    }
  }

  async function stepDown(broken: boolean): Promise<void> {
    const current = leading;
    if (!current) return;
    leading = undefined;
    current.controller.abort();
    await current.running;
    current.client.removeListener('error', current.onError);
    await resign(current.client, broken).catch(() => undefined);
  }

  function poll(): void {
    timer = setTimeout(() => {
      void lead()
        .catch((error: unknown) => log.warn({ err: error }, 'cluster sync could not start'))
        .finally(() => {
          if (!stopped) poll();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    name: 'cluster sync',
    start(): void {
      if (!stopped) return;
      stopped = false;
      void lead()
        .catch((error: unknown) => log.warn({ err: error }, 'cluster sync could not start'))
        .finally(() => {
          if (!stopped) poll();
        });
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await stepDown(false);
    },
  };
}
