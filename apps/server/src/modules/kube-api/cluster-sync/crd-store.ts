import { z } from 'zod';
import type { DataApiService } from '../../../data-api/data-api.module.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import { crdSource, type CrdKind, type Lookup } from './kinds/crd-kind.ts';

type Params = ReadonlyArray<readonly [string, string]>;

/** The reconciler writes as the system, with the rights an administrator's GitOps has. */
export const syncActor: Actor = { kind: 'system', id: null, roles: ['admin'] };

const idRows = z.array(z.object({ id: z.string() }));
const representation = { prefer: 'return=representation' };

/**
 * Vigil's side of the sync: every read and write goes through the data API, so each kind's
 * write hooks (validation, a canary's checks, secrets) run as for any other writer.
 */
export function createCrdStore(dataApi: DataApiService) {
  async function ids(target: string, params: Params): Promise<string[]> {
    const response = await dataApi.handle({
      method: 'GET',
      target,
      params: [['select', 'id'], ...params],
      headers: {},
      body: undefined,
      actor: syncActor,
    });
    return idRows.parse(JSON.parse(response.body ?? '[]')).map((row) => row.id);
  }

  async function write(method: 'POST' | 'PATCH', target: string, params: Params, body: unknown) {
    const response = await dataApi.handle({
      method,
      target,
      params: [['select', 'id'], ...params],
      headers: representation,
      body,
      actor: syncActor,
    });
    return idRows.parse(JSON.parse(response.body ?? '[]')).length;
  }

  const live: Params = [['deleted_at', 'is.null']];

  return {
    /** The live rows this cluster manages for a kind: one per object, keyed by its uid. */
    managed: (kind: CrdKind): Promise<string[]> =>
      ids(kind.target, [['source', `eq.${crdSource}`], ...live]),

    /** Creates or updates the object's row, keyed by the object's uid. */
    async upsert(kind: CrdKind, uid: string, columns: Record<string, unknown>): Promise<void> {
      const found = await ids(kind.target, [['id', `eq.${uid}`], ...live]);
      if (found.length > 0) await write('PATCH', kind.target, [['id', `eq.${uid}`]], columns);
      else await write('POST', kind.target, [], { ...columns, id: uid });
    },

    /** Removes the object's row; answers whether there was one. */
    remove: async (kind: CrdKind, uid: string): Promise<boolean> =>
      (await write('PATCH', kind.target, [['id', `eq.${uid}`], ...live], kind.deleteColumns())) > 0,

    lookup: (async (target, filters) => {
      const [id] = await ids(target, [...filters, ['limit', '1']]);
      return id;
    }) satisfies Lookup,
  };
}

export type CrdStore = ReturnType<typeof createCrdStore>;
