import type { Property } from '@vigil/domain';
import type { Database } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { z } from 'zod';
import { defineWriteHook } from '../../data-api/write-hooks.ts';
import type { LocalProperty } from './local-properties.ts';
import { creatorOf } from '../../platform/creator.ts';
import { listProperties } from './properties.repository.ts';

export const localFlagRefusal = 'Cannot edit local feature flags';

export type PropertyView = Property;

export function createPropertiesService(db: Database, local: readonly LocalProperty[]) {
  const localNames = new Set(local.map((p) => p.name));
  const refuseLocal = (rows: Record<string, unknown>[]): void => {
    if (rows.some((row) => typeof row.name === 'string' && localNames.has(row.name))) {
      throw badRequest(localFlagRefusal);
    }
  };

  /**
   * Local flags cannot be written through the data API, however the write is filtered. A new
   * flag is recorded as made by the signed-in user, whatever the body says.
   */
  const writeHook = defineWriteHook({
    schema: z.object({ name: z.string() }),
    async beforeInsert(ctx, rows) {
      refuseLocal(rows);
      const created_by = await creatorOf(ctx.client, ctx.actor);
      return rows.map((row) => ({ ...row, created_by }));
    },
    async beforeUpdate(_ctx, patch) {
      refuseLocal([patch]);
      return patch;
    },
    // However the write is filtered, the rows it reached are checked too.
    beforeDelete: async (_ctx, rows) => refuseLocal(rows),
    afterWrite: async (_ctx, rows) => refuseLocal(rows),
  });

  return {
    writeHook,
    /** Database properties with local ones laid over them (source 'local'). */
    async list(): Promise<PropertyView[]> {
      const stored = await listProperties(db.pool);
      const merged = new Map<string, PropertyView>(
        stored.map(({ created_by_name, ...row }) => [
          row.name,
          {
            ...row,
            created_by:
              row.created_by === null ? null : { id: row.created_by, name: created_by_name },
            created_at: row.created_at.toISOString(),
            updated_at: row.updated_at.toISOString(),
          },
        ]),
      );
      for (const property of local) {
        merged.set(property.name, {
          name: property.name,
          value: property.value,
          description: 'Set by the operator (VIGIL_PROPERTIES); read-only here.',
          source: 'local',
          created_by: null,
          created_at: null,
          updated_at: null,
        });
      }
      return [...merged.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
