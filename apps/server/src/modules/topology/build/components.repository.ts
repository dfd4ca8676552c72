import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { BuiltComponent } from './built-component.ts';

export interface WrittenTree {
  readonly ids: string[];
  readonly rootId: string;
  /** Each written component with its id, in tree order. */
  readonly written: Array<{ id: string; component: BuiltComponent }>;
}

const idRow = z.object({ id: z.string() });

/**
 * Writes a built tree: each component is upserted by (topology, parent, name, type), so its id
 * survives runs. Call inside the run's transaction.
 */
export async function upsertTree(
  db: Queryable,
  topology: { id: string; agentId: string },
  root: BuiltComponent,
): Promise<WrittenTree> {
  const ids: string[] = [];
  const written: WrittenTree['written'] = [];
  const write = async (
    component: BuiltComponent,
    parentId: string | null,
    path: string,
  ): Promise<string> => {
    const found = await db.query(
      `insert into components (topology_id, agent_id, parent_id, name, namespace, text, title, type,
         icon, health, health_reason, description, labels, properties, external_id, is_leaf, path,
         hidden, selectors, configs, log_selectors, status_expr, health_expr)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
               $19, $20, $21, $22, $23)
       on conflict (topology_id, type, name, parent_id) where deleted_at is null
       do update set namespace = excluded.namespace, text = excluded.text, title = excluded.title,
         icon = excluded.icon, health = excluded.health, health_reason = excluded.health_reason,
         description = excluded.description, labels = excluded.labels,
         properties = excluded.properties, external_id = excluded.external_id,
         is_leaf = excluded.is_leaf, path = excluded.path, hidden = excluded.hidden,
         selectors = excluded.selectors, configs = excluded.configs,
         log_selectors = excluded.log_selectors,
         -- A changed expression is evaluated afresh.
         expr_status = case when (components.status_expr, components.health_expr)
                             is not distinct from (excluded.status_expr, excluded.health_expr)
                            then components.expr_status end,
         expr_reason = case when (components.status_expr, components.health_expr)
                             is not distinct from (excluded.status_expr, excluded.health_expr)
                            then components.expr_reason end,
         expr_summary = case when (components.status_expr, components.health_expr)
                              is not distinct from (excluded.status_expr, excluded.health_expr)
                             then components.expr_summary end,
         status_expr = excluded.status_expr, health_expr = excluded.health_expr
       returning id`,
      [
        topology.id,
        topology.agentId,
        parentId,
        component.name,
        component.namespace ?? null,
        component.text ?? null,
        component.tooltip ?? null,
        component.type ?? null,
        component.icon ?? null,
        component.health ?? null,
        component.statusReason ?? null,
        component.description ?? null,
        JSON.stringify(component.labels),
        JSON.stringify(component.properties),
        component.externalId ?? null,
        component.children.length === 0,
        path,
        component.hidden,
        JSON.stringify(component.selectors),
        JSON.stringify(component.configs),
        JSON.stringify(component.logs),
        component.statusExpr ?? null,
        component.healthExpr ?? null,
      ],
    );
    const id = idRow.parse(found.rows[0]).id;
    ids.push(id);
    written.push({ id, component });
    const childPath = path === '' ? id : `${path}.${id}`;
    for (const child of dedupe(component.children)) await write(child, id, childPath);
    return id;
  };
  const rootId = await write(root, null, '');
  return { ids, rootId, written };
}

/** Two children with the same name and type are one component: the later one is dropped. */
function dedupe(children: readonly BuiltComponent[]): BuiltComponent[] {
  const seen = new Set<string>();
  return children.filter((child) => {
    const key = `${child.type ?? ''}\u0000${child.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Marks the topology's components this run did not produce as deleted; answers their ids. */
export async function retireOthers(
  db: Queryable,
  topologyId: string,
  kept: readonly string[],
): Promise<string[]> {
  const result = await db.query(
    `update components set deleted_at = now()
      where topology_id = $1 and deleted_at is null and not (id = any($2::uuid[]))
      returning id`,
    [topologyId, kept],
  );
  return z
    .array(idRow)
    .parse(result.rows)
    .map((row) => row.id);
}

/** A deleted topology's components are deleted with it. */
export async function retireTopologyComponents(
  db: Queryable,
  topologyId: string,
): Promise<string[]> {
  return retireOthers(db, topologyId, []);
}

/** A stable selector id for links a spec's selector made (manual links are 'manual'). */
export function selectorIdOf(kind: string, selector: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(selector)).digest('hex');
  return `topology:${kind}:${digest.slice(0, 16)}`;
}
