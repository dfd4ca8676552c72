import type { Logger } from 'pino';
import { ApiError, DomainError } from '../../../platform/errors.ts';
import { httpStatusOf } from '../../../platform/http/error-handler.ts';
import { KubeError } from '../status.ts';
import { ClusterError, type ClusterClient } from './cluster-client.ts';
import type { CrdStore } from './crd-store.ts';
import type { ClusterObject, CrdKind } from './kinds/crd-kind.ts';
import { showsStatus, statusFor, type Outcome } from './object-status.ts';

const reasons: Record<number, string> = { 400: 'Invalid', 403: 'Forbidden', 409: 'Conflict' };

/** A refusal by a write hook, the data API or the field rules: the object must change. */
function refusalOf(error: unknown): Outcome | undefined {
  let status: number | undefined;
  if (error instanceof KubeError) status = error.code;
  else if (error instanceof ApiError || error instanceof DomainError) status = httpStatusOf(error);
  if (status === undefined || status >= 500 || !(error instanceof Error)) return undefined;
  return { ready: false, reason: reasons[status] ?? 'Invalid', message: error.message };
}

export interface ReconcilerDeps {
  readonly client: ClusterClient;
  readonly store: CrdStore;
  readonly log: Logger;
  readonly now?: () => Date;
}

/** Writes one object into Vigil through its kind's data API resource, and reports back on it. */
export function createReconciler(deps: ReconcilerDeps) {
  const now = deps.now ?? (() => new Date());

  async function apply(kind: CrdKind, object: ClusterObject): Promise<Outcome> {
    try {
      const columns = await kind.columns(object, deps.store.lookup);
      await deps.store.upsert(kind, object.metadata.uid, columns);
      return {
        ready: true,
        reason: 'Reconciled',
        message: `stored in ${kind.target} as ${object.metadata.uid}`,
      };
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return refused;
      deps.log.warn({ err: error, kind: kind.kind, name: object.metadata.name }, 'sync failed');
      return { ready: false, reason: 'Failed', message: String(error) };
    }
  }

  async function report(kind: CrdKind, object: ClusterObject, outcome: Outcome): Promise<void> {
    const status = statusFor(object, outcome, now());
    if (showsStatus(object, status)) return;
    const { namespace, name } = object.metadata;
    try {
      await deps.client.patchStatus(kind, namespace, name, status);
    } catch (error) {
      // Deleted since it was read: its DELETED event follows.
      if (error instanceof ClusterError && error.status === 404) return;
      deps.log.warn({ err: error, kind: kind.kind, namespace, name }, 'status not written');
    }
  }

  return {
    async reconcile(kind: CrdKind, object: ClusterObject): Promise<Outcome> {
      const outcome = await apply(kind, object);
      await report(kind, object, outcome);
      return outcome;
    },

    async remove(kind: CrdKind, uid: string): Promise<void> {
      await deps.store.remove(kind, uid);
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
