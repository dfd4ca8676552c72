import { z } from 'zod';
import type { DataApiService } from '../../data-api/data-api.module.ts';
import type { Actor } from '../../platform/http/actor.ts';
import type { KubeKind } from './kinds/kube-kind.ts';
import type { KubeObject } from './kube-object.ts';

type Params = ReadonlyArray<readonly [string, string]>;

const idRows = z.array(z.object({ id: z.string() }));
const representation = { prefer: 'return=representation' };

/**
 * Reads and writes a kind's objects through the data API: it authorises the actor, and its
 * write hooks (a canary's spec validation and checks) run in the same transaction.
 */
export function createKubeStore(dataApi: DataApiService) {
  return {
    async read(actor: Actor, kind: KubeKind, filters: Params): Promise<KubeObject[]> {
      const response = await dataApi.handle({
        method: 'GET',
        target: kind.target,
        params: [
          ['select', kind.select],
          ...kind.scope,
          ...filters,
          ['order', 'namespace.asc,name.asc'],
        ],
        headers: {},
        body: undefined,
        actor,
      });
      const rows: unknown = JSON.parse(response.body ?? '[]');
      return z
        .array(z.unknown())
        .parse(rows)
        .map((row) => kind.toObject(row));
    },

    /** Inserts one row and returns its id. */
    async insert(actor: Actor, kind: KubeKind, columns: Record<string, unknown>): Promise<string> {
      const response = await dataApi.handle({
        method: 'POST',
        target: kind.target,
        params: [['select', 'id']],
        headers: representation,
        body: columns,
        actor,
      });
      const [row] = idRows.parse(JSON.parse(response.body ?? '[]'));
      if (!row) throw new Error('the insert returned no row');
      return row.id;
    },

    /**
     * Updates the row with this id while its updated_at is still `unchanged` (when given), so
     * that a write based on a stale read changes nothing. Returns the rows written (0 or 1).
     */
    async update(
      actor: Actor,
      kind: KubeKind,
      id: string,
      columns: Record<string, unknown>,
      unchangedSince?: string,
    ): Promise<number> {
      const response = await dataApi.handle({
        method: 'PATCH',
        target: kind.target,
        params: [
          ['select', 'id'],
          ['id', `eq.${id}`],
          ...kind.scope,
          ...(unchangedSince ? [['updated_at', `eq.${unchangedSince}`] as const] : []),
        ],
        headers: representation,
        body: columns,
        actor,
      });
      return idRows.parse(JSON.parse(response.body ?? '[]')).length;
    },
  };
}

export type KubeStore = ReturnType<typeof createKubeStore>;
