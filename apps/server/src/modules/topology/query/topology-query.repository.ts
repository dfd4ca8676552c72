import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** At most this many components answer one topology query. */
export const topologyRowLimit = 20_000;

const num = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));
const time = z
  .union([z.string(), z.date()])
  .transform((v) => (typeof v === 'string' ? v : v.toISOString()));

export const componentRow = z.object({
  id: z.string(),
  topology_id: z.string().nullable(),
  agent_id: z.string(),
  parent_id: z.string().nullable(),
  external_id: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  type: z.string().nullable(),
  icon: z.string().nullable(),
  namespace: z.string().nullable(),
  status: z
    .enum(['healthy', 'unhealthy', 'warning', 'unknown', 'info'])
    .transform((s) => (s === 'info' ? 'unknown' : s)),
  status_reason: z.string().nullable(),
  description: z.string().nullable(),
  labels: z
    .record(z.string(), z.unknown())
    .transform((m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, String(v)]))),
  path: z.string().nullable(),
  is_leaf: z.boolean(),
  hidden: z.boolean(),
  properties: z
    .array(z.looseObject({ name: z.string().catch('') }))
    .nullable()
    .transform((p) => p ?? []),
  cost_per_minute: num,
  cost_total_1d: num,
  cost_total_7d: num,
  cost_total_30d: num,
  created_at: time,
  updated_at: time,
  deleted_at: time.nullable(),
  summary: z.looseObject({}).nullable(),
  teams: z.array(z.string()),
});
export type ComponentRow = z.infer<typeof componentRow>;

export interface ComponentScope {
  readonly id?: string | undefined;
  readonly agentId?: string | undefined;
  readonly labels?: Readonly<Record<string, string>> | undefined;
  readonly showHidden: boolean;
}

/** The live components in scope: one component and its subtree, or every component. */
export async function findComponents(
  db: Queryable,
  scope: ComponentScope,
): Promise<ComponentRow[]> {
  const where = ['c.deleted_at is null'];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (scope.id) {
    const id = bind(scope.id);
    where.push(`(c.id = ${id} or c.path like '%' || ${id} || '%')`);
  }
  if (scope.agentId) where.push(`c.agent_id = ${bind(scope.agentId)}`);
  if (scope.labels && Object.keys(scope.labels).length > 0) {
    where.push(`c.labels @> ${bind(JSON.stringify(scope.labels))}::jsonb`);
  }
  if (!scope.showHidden) where.push('c.hidden = false');
  const found = await db.query(
    `select c.id, c.topology_id, c.agent_id, c.parent_id, c.external_id, c.name, c.title, c.text,
            c.type, c.icon, c.namespace, c.status, c.status_reason, c.description, c.labels,
            c.path, c.is_leaf, c.hidden, c.properties, c.cost_per_minute, c.cost_total_1d,
            c.cost_total_7d, c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at, c.summary,
            coalesce((select array_agg(distinct t.name order by t.name) from team_components tc
                        join teams t on t.id = tc.team_id where tc.component_id = c.id),
                     '{}') as teams
       from components c where ${where.join(' and ')}
      order by c.path nulls first, c.name limit ${topologyRowLimit}`,
    values,
  );
  return z.array(componentRow).parse(found.rows);
}

const countRow = z.object({
  component_id: z.string(),
  type: z.string(),
  severity: z.string(),
  n: z.number(),
});
export type SeverityCount = z.infer<typeof countRow>;

/** Open insights of the components' linked configs, by type and severity. */
export async function insightCounts(
  db: Queryable,
  ids: readonly string[],
): Promise<SeverityCount[]> {
  const found = await db.query(
    `select r.component_id, a.analysis_type as type, a.severity, count(*)::int as n
       from config_component_relationships r join config_analysis a on a.config_id = r.config_id
      where r.component_id = any($1::uuid[]) and r.deleted_at is null and a.status = 'open'
      group by 1, 2, 3`,
    [ids],
  );
  return z.array(countRow).parse(found.rows);
}

/** Unresolved incidents with evidence on the components, by type and severity. */
export async function incidentCounts(
  db: Queryable,
  ids: readonly string[],
): Promise<SeverityCount[]> {
  const found = await db.query(
    `select e.component_id, i.type, i.severity, count(distinct i.id)::int as n
       from evidences e join hypotheses h on h.id = e.hypothesis_id
       join incidents i on i.id = h.incident_id
      where e.component_id = any($1::uuid[]) and i.resolved is null
        and i.status not in ('resolved', 'closed')
      group by 1, 2, 3`,
    [ids],
  );
  return z.array(countRow).parse(found.rows);
}

const topologyNameRow = z.object({ name: z.string() });

/** The name of a live component, for the snapshot's file name. */
export async function componentName(db: Queryable, id: string): Promise<string | undefined> {
  const found = await db.query('select name from components where id = $1 and deleted_at is null', [
    id,
  ]);
  return found.rows[0] === undefined ? undefined : topologyNameRow.parse(found.rows[0]).name;
}
