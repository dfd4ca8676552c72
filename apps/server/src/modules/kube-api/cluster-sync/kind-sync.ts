import type { Logger } from 'pino';
import { z } from 'zod';
import { ClusterError, type ClusterClient, type WatchEventType } from './cluster-client.ts';
import type { CrdStore } from './crd-store.ts';
import { clusterObjectSchema, type ClusterObject, type CrdKind } from './kinds/crd-kind.ts';
import { isReconciled } from './object-status.ts';
import type { Reconciler } from './reconciler.ts';

export interface SyncTiming {
  readonly retryMs: number;
  readonly maxBackoffMs: number;
  readonly resyncMs: number;
}

export interface KindSyncDeps {
  readonly kind: CrdKind;
  readonly client: ClusterClient;
  readonly store: CrdStore;
  readonly reconciler: Reconciler;
  readonly log: Logger;
  readonly timing: SyncTiming;
}

const versioned = z.object({ metadata: z.object({ resourceVersion: z.string() }) });
const statusCode = z.object({ code: z.number(), message: z.string().optional() });

/** Where a watch ended: dropped at the last version seen, or due for a list (410 Gone, resync). */
type WatchEnd = { readonly version: string } | { readonly relist: true };

/**
 * Keeps one kind in step: LIST (reconciling differences, removing rows whose objects vanished),
 * then WATCH from the list's resourceVersion. A dropped watch resumes from the last version
 * seen; an expired one (410) lists again. A periodic re-list retries refused objects.
 */
export function createKindSync(deps: KindSyncDeps) {
  const { kind, log } = deps;
  /** The generation last reconciled per uid, so that status writes (same generation) are skipped. */
  const handled = new Map<string, number>();

  function parse(raw: unknown): ClusterObject | undefined {
    const parsed = clusterObjectSchema.safeParse(raw);
    if (!parsed.success) log.warn({ kind: kind.kind, issues: parsed.error.issues }, 'bad object');
    return parsed.success ? parsed.data : undefined;
  }

  async function reconcile(object: ClusterObject): Promise<void> {
    handled.set(object.metadata.uid, object.metadata.generation ?? 0);
    await deps.reconciler.reconcile(kind, object);
  }

  async function relist(): Promise<string> {
    const listed = await deps.client.list(kind);
    const objects = listed.items.flatMap((raw) => parse(raw) ?? []);
    const present = new Set(objects.map((object) => object.metadata.uid));
    const managed = new Set(await deps.store.managed(kind));
    // Removed first, so that an object re-created under its old name finds the name free.
    for (const uid of managed) {
      if (present.has(uid)) continue;
      await deps.reconciler.remove(kind, uid);
      handled.delete(uid);
    }
    for (const object of objects) {
      if (managed.has(object.metadata.uid) && isReconciled(object)) {
        handled.set(object.metadata.uid, object.metadata.generation ?? 0);
        continue;
      }
      await reconcile(object);
    }
    return listed.resourceVersion;
  }

  async function onEvent(type: WatchEventType, raw: unknown): Promise<void> {
    const object = parse(raw);
    if (!object) return;
    const { uid, generation = 0 } = object.metadata;
    if (type === 'DELETED') {
      handled.delete(uid);
      await deps.reconciler.remove(kind, uid);
    } else if (handled.get(uid) !== generation) {
      await reconcile(object);
    }
  }

  async function watchFrom(version: string, signal: AbortSignal): Promise<WatchEnd> {
    let last = version;
    let expired = false;
    let resynced = false;
    let chain = Promise.resolve();
    let stopping = false;
    const open = await deps.client.watch(kind, version, (type, raw) => {
      const seen = versioned.safeParse(raw);
      if (type === 'ERROR') {
        const status = statusCode.safeParse(raw);
        expired = status.success && status.data.code === 410;
        if (!expired) log.warn({ kind: kind.kind, status: raw }, 'watch error');
        stopping = true;
        open.stop();
        return;
      }
      if (seen.success) last = seen.data.metadata.resourceVersion;
      if (type === 'BOOKMARK') return;
      chain = chain.then(() => onEvent(type, raw));
    });
    const stop = () => {
      stopping = true;
      open.stop();
    };
    const resync = setTimeout(() => {
      resynced = true;
      stop();
    }, deps.timing.resyncMs);
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    try {
      await open.done;
    } catch (error) {
      if (!stopping) throw error;
    } finally {
      clearTimeout(resync);
      signal.removeEventListener('abort', stop);
    }
    await chain;
    return expired || resynced ? { relist: true } : { version: last };
  }

  return {
    /** Runs until the signal aborts; failures are logged and retried with a growing pause. */
    async run(signal: AbortSignal): Promise<void> {
      let version: string | undefined;
      let backoff = deps.timing.retryMs;
      while (!signal.aborted) {
        try {
          version ??= await relist();
          const started = Date.now();
          const end = await watchFrom(version, signal);
          version = 'relist' in end ? undefined : end.version;
          // A server that keeps closing watches at once is not asked again in a tight loop.
          if (Date.now() - started < 1000) await pause(deps.timing.retryMs, signal);
          backoff = deps.timing.retryMs;
        } catch (error) {
          if (error instanceof ClusterError && error.status === 410) version = undefined;
          log.warn({ err: error, kind: kind.kind }, 'cluster sync interrupted; retrying');
          await pause(backoff, signal);
          backoff = Math.min(backoff * 2, deps.timing.maxBackoffMs);
        }
      }
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
