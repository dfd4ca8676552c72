import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** At most this many components answer one topology query. */
export const topologyRowLimit = 20_000;

/**
 * One component as the query reads it: the fields the tree is filtered, nested and sorted by,
 * and `body`, its response JSON text up to `deleted_at` without the closing brace, kept on
 * write (migration 0195), so that Node neither parses nor re-serialises it (bench/runs).
 */
export const componentEntryRow = z.object({
  /** The row's place in path then name order, from 1. */
  place: z.number().int().positive(),
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  type: z.string().nullable(),
  status: z.enum(['healthy', 'unhealthy', 'warning', 'unknown']),
  updated_at: z.string(),
  teams: z.array(z.string()),
  labels: z.record(z.string(), z.unknown()),
  sort_value: z.union([z.string(), z.number()]).nullable().catch(null),
  checks: z.string(),
  body: z.string(),
});
export type ComponentEntryRow = z.infer<typeof componentEntryRow>;

export interface ComponentScope {
  readonly id?: string | undefined;
  readonly agentId?: string | undefined;
  readonly labels?: Readonly<Record<string, string>> | undefined;
  readonly showHidden: boolean;
  /** A property whose value (else text) is read as `sort_value`. */
  readonly sortProperty?: string | undefined;
}

/** The live components in scope: one component and its subtree, or every component. */
export async function findComponentEntries(
  db: Queryable,
  scope: ComponentScope,
): Promise<ComponentEntryRow[]> {
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
  const sortValue = scope.sortProperty
    ? `(select coalesce(nullif(p -> 'value', 'null'), nullif(p -> 'text', 'null'))
          from jsonb_array_elements(coalesce(c.properties, '[]')) p
         where p ->> 'name' = ${bind(scope.sortProperty)} limit 1)`
    : 'null::jsonb';
  // Only the narrow sort keys are ordered in SQL: sorting the rows with their text spilled
  // to disk. Each row carries its place instead.
  const found = await db.query(
    `with ordered as (
       select c.id, (row_number() over (order by c.path nulls first, c.name))::int as place
         from components c where ${where.join(' and ')}
        order by c.path nulls first, c.name limit ${topologyRowLimit})
     select o.place, c.id, c.parent_id, c.name, c.type,
            case c.status when 'info' then 'unknown' else c.status end as status,
            to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
            coalesce(tn.teams, '{}') as teams, c.labels, ${sortValue} as sort_value,
            ('{"healthy":0,"unhealthy":0,"warning":0,"unknown":0}'::jsonb
              || case when jsonb_typeof(c.summary -> 'checks') = 'object'
                      then c.summary -> 'checks' else '{}' end)::text as checks,
            c.response_json as body
       from ordered o join components c on c.id = o.id
       left join (select tc.component_id, array_agg(distinct t.name order by t.name) as teams
                    from team_components tc join teams t on t.id = tc.team_id
                   group by tc.component_id) tn on tn.component_id = c.id`,
    values,
  );
  const rows = z.array(componentEntryRow).parse(found.rows);
  const ordered = new Array<ComponentEntryRow>(rows.length);
  for (const row of rows) ordered[row.place - 1] = row;
  return ordered;
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
