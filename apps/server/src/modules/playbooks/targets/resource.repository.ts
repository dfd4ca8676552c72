import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

export type ResourceKind = 'config' | 'component' | 'check';

/** The resource a run is about, as templates and selectors read it. */
export interface TargetResource {
  readonly kind: ResourceKind;
  readonly id: string;
  readonly row: Readonly<Record<string, unknown>>;
}

export interface ResourceIds {
  readonly config_id?: string | null | undefined;
  readonly component_id?: string | null | undefined;
  readonly check_id?: string | null | undefined;
}

const tables: Record<ResourceKind, string> = {
  config: 'config_items',
  component: 'components',
  check: 'checks',
};

const jsonRow = z.object({ row: z.record(z.string(), z.unknown()) });

/** The one resource the ids name, or undefined when none does; live rows only. */
export async function loadResource(
  db: Queryable,
  ids: ResourceIds,
): Promise<TargetResource | undefined> {
  const given: Array<[ResourceKind, string]> = [];
  if (ids.config_id) given.push(['config', ids.config_id]);
  if (ids.component_id) given.push(['component', ids.component_id]);
  if (ids.check_id) given.push(['check', ids.check_id]);
  const [first] = given;
  if (!first) return undefined;
  const [kind, id] = first;
  const found = await db.query(
    `select to_jsonb(t) - 'search_vector' as row from ${tables[kind]} t
     where t.id = $1 and t.deleted_at is null`,
    [id],
  );
  const row: unknown = found.rows[0];
  return row ? { kind, id, row: jsonRow.parse(row).row } : undefined;
}

/** How many resource ids a request names (a run is about at most one). */
export function resourceCount(ids: ResourceIds): number {
  return [ids.config_id, ids.component_id, ids.check_id].filter(Boolean).length;
}
