import { randomBytes } from 'node:crypto';
import type { DataApiService } from '../../data-api/data-api.module.ts';
import type { Actor } from '../../platform/http/actor.ts';
import type { KubeKind } from './kinds/kube-kind.ts';
import { conflictError, notFoundError, refusal } from './kube-errors.ts';
import {
  applyOver,
  resourceVersionIn,
  storedFields,
  storedFieldsOf,
  type Expected,
} from './kube-fields.ts';
import type { KubeObject, StoredFields } from './kube-object.ts';
import { createKubeStore } from './kube-store.ts';
import { mergePatch, sameJson } from './merge-patch.ts';
import { timestampOf } from './resource-version.ts';
import { matchesSelectors, parseFieldSelector, parseLabelSelector } from './selectors.ts';

export interface KubeContext {
  readonly actor: Actor;
}

export interface ListQuery {
  readonly namespace?: string | undefined;
  readonly labelSelector?: string | undefined;
  readonly fieldSelector?: string | undefined;
}

/** `merge`: JSON merge patch (and strategic merge, read as one); `apply`: server-side apply. */
export type PatchKind = 'merge' | 'apply';

/** A patch that loses a race with another write is tried again this many times. */
const patchAttempts = 3;

/**
 * The Kubernetes verbs over any registered kind. Every read and write goes through the data
 * API, which authorises the actor and runs the kind's write hooks in the write's transaction.
 */
export function createKubeApiService(dataApi: DataApiService) {
  const store = createKubeStore(dataApi);

  async function guarded<T>(
    ctx: KubeContext,
    kind: KubeKind,
    verb: string,
    where: { namespace?: string | undefined; name?: string | undefined },
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw refusal(error, { actor: ctx.actor, kind, verb, ...where });
    }
  }

  async function find(ctx: KubeContext, kind: KubeKind, namespace: string, name: string) {
    const filters = [
      ['namespace', `eq.${namespace}`],
      ['name', `eq.${name}`],
    ] as const;
    const found = await guarded(ctx, kind, 'get', { namespace, name }, () =>
      store.read(ctx.actor, kind, filters),
    );
    return found[0];
  }

  async function get(ctx: KubeContext, kind: KubeKind, namespace: string, name: string) {
    const found = await find(ctx, kind, namespace, name);
    if (!found) throw notFoundError(kind, name);
    return found;
  }

  async function reread(ctx: KubeContext, kind: KubeKind, id: string, name: string) {
    const [found] = await store.read(ctx.actor, kind, [['id', `eq.${id}`]]);
    if (!found) throw notFoundError(kind, name);
    return found;
  }

  async function create(ctx: KubeContext, kind: KubeKind, body: unknown, expected: Expected) {
    const fields = storedFields(kind, body, { suffix: randomSuffix, ...expected });
    const columns = { ...kind.toColumns(fields), ...kind.createColumns(ctx.actor) };
    const id = await guarded(ctx, kind, 'create', fields, () =>
      store.insert(ctx.actor, kind, columns),
    );
    return reread(ctx, kind, id, fields.name);
  }

  /** Writes `next` over `current` unless another write got there first (then undefined). */
  async function write(
    ctx: KubeContext,
    kind: KubeKind,
    current: KubeObject,
    next: StoredFields,
    verb: string,
  ): Promise<KubeObject | undefined> {
    if (sameJson(next, storedFieldsOf(current))) return current;
    const since = timestampOf(current.metadata.resourceVersion);
    const written = await guarded(ctx, kind, verb, next, () =>
      store.update(ctx.actor, kind, current.metadata.uid, kind.toColumns(next), since),
    );
    return written === 0 ? undefined : reread(ctx, kind, current.metadata.uid, next.name);
  }

  return {
    get,

    async list(ctx: KubeContext, kind: KubeKind, query: ListQuery): Promise<KubeObject[]> {
      const labels = parseLabelSelector(query.labelSelector);
      const fields = parseFieldSelector(query.fieldSelector);
      const filters = query.namespace ? [['namespace', `eq.${query.namespace}`] as const] : [];
      const objects = await guarded(ctx, kind, 'list', query, () =>
        store.read(ctx.actor, kind, filters),
      );
      return objects.filter((object) => matchesSelectors(object, labels, fields));
    },

    create: (ctx: KubeContext, kind: KubeKind, namespace: string, body: unknown) =>
      create(ctx, kind, body, { namespace }),

    /** PUT: the whole object; a resourceVersion in it must still be the live one. */
    async replace(
      ctx: KubeContext,
      kind: KubeKind,
      namespace: string,
      name: string,
      body: unknown,
    ) {
      const next = storedFields(kind, body, { namespace, name });
      const current = await get(ctx, kind, namespace, name);
      const basedOn = resourceVersionIn(body);
      if (basedOn !== undefined && basedOn !== current.metadata.resourceVersion) {
        throw conflictError(kind, name);
      }
      const written = await write(ctx, kind, current, next, 'update');
      if (!written) throw conflictError(kind, name);
      return written;
    },

    /**
     * kubectl's client-side apply sends a merge patch; server-side apply creates a missing
     * object and otherwise lays the applied object over the live one (see applyOver).
     */
    async patch(
      ctx: KubeContext,
      kind: KubeKind,
      target: { namespace: string; name: string },
      type: PatchKind,
      body: unknown,
    ): Promise<{ object: KubeObject; created: boolean }> {
      for (let attempt = 0; attempt < patchAttempts; attempt += 1) {
        const current = await find(ctx, kind, target.namespace, target.name);
        if (!current && type === 'apply') {
          return { object: await create(ctx, kind, body, target), created: true };
        }
        if (!current) throw notFoundError(kind, target.name);
        const patched = type === 'apply' ? applyOver(current, body) : mergePatch(current, body);
        const next = storedFields(kind, patched, target);
        const written = await write(ctx, kind, current, next, 'patch');
        if (written) return { object: written, created: false };
      }
      throw conflictError(kind, target.name);
    },

    /** Removes the object (the kind decides how: canaries are soft-deleted) and returns it. */
    async remove(ctx: KubeContext, kind: KubeKind, namespace: string, name: string) {
      const current = await get(ctx, kind, namespace, name);
      await guarded(ctx, kind, 'delete', { namespace, name }, () =>
        store.update(ctx.actor, kind, current.metadata.uid, kind.deleteColumns()),
      );
      return current;
    },
  };
}

export type KubeApiService = ReturnType<typeof createKubeApiService>;

function randomSuffix(): string {
  return randomBytes(4).toString('hex').slice(0, 5);
}
