import type { CatalogSummaryRow } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { SqlParams } from './sql-params.ts';
import type { SummaryQuery } from './summary.repository.ts';

/**
 * The rollups answer a summary grouped by type, or by config_class then type (the landing
 * table), with no item filter.
 */
export function rollupAnswers(query: SummaryQuery): boolean {
  const grouping = query.groupBy.join(',');
  return (
    (grouping === 'type' || grouping === 'config_class,type') &&
    Object.keys(query.labels).length === 0 &&
    !query.health &&
    !query.status
  );
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;

/** The start of the UTC hour (or day) after time. */
function next(time: Date, unitMs: number): Date {
  return new Date(Math.floor(time.getTime() / unitMs) * unitMs + unitMs);
}

/** Buckets wholly after since: days from the next UTC day, hours up to it. */
function bucketsSince(since: Date, params: SqlParams): string {
  const day = params.add(next(since, dayMs));
  const hour = params.add(next(since, hourMs));
  return `((grain = 'd' and bucket >= ${day}) or (grain = 'h' and bucket >= ${hour} and bucket < ${day}))`;
}

/**
 * The summary by type from config_summary_items/_changes/_analysis (see migration 0072): whole
 * days and hours from the rollups, the part of the first hour from config_changes and
 * config_analysis.
 */
export async function summariseByType(
  db: Queryable,
  query: SummaryQuery,
): Promise<CatalogSummaryRow[]> {
  const params = new SqlParams();
  const deleted = params.add(query.deleted ? [false, true] : [false]);
  const itemVisible = query.deleted ? 'true' : 'ci.deleted_at is null';
  const costWindow = query.cost && query.cost !== '30d' ? `cost_total_${query.cost}` : undefined;
  const changes = query.changesSince
    ? `select type, sum(changes)::bigint as n from config_summary_changes
         where deleted = any(${deleted}::boolean[]) and ${bucketsSince(query.changesSince, params)}
         group by type
       union all
       select ci.type, count(*) from config_changes c join config_items ci on ci.id = c.config_id
        where c.created_at >= ${params.add(query.changesSince)}
          and c.created_at < ${params.add(next(query.changesSince, hourMs))} and ${itemVisible}
        group by ci.type`
    : `select type, sum(changes)::bigint as n from config_summary_changes
         where deleted = any(${deleted}::boolean[]) and grain = 'd' group by type`;
  const analysis = query.analysisSince
    ? `select type, analysis_type, sum(open)::bigint as n from config_summary_analysis
         where deleted = any(${deleted}::boolean[]) and ${bucketsSince(query.analysisSince, params)}
         group by type, analysis_type
       union all
       select ci.type, a.analysis_type, count(*) from config_analysis a
         join config_items ci on ci.id = a.config_id
        where a.status = 'open'
          and coalesce(a.last_observed, a.first_observed) >= ${params.add(query.analysisSince)}
          and coalesce(a.last_observed, a.first_observed) < ${params.add(next(query.analysisSince, hourMs))}
          and ${itemVisible}
        group by ci.type, a.analysis_type`
    : `select type, analysis_type, sum(open)::bigint as n from config_summary_analysis
         where deleted = any(${deleted}::boolean[]) and grain = 'd' group by type, analysis_type`;
  const sql = `
    with by_health as (
      select type, health, sum(items)::int as items, sum(costed)::int as costed,
             sum(cost_total_30d) as cost_total_30d${costWindow ? `, sum(${costWindow}) as cost_window` : ''}
        from config_summary_items
       where deleted = any(${deleted}::boolean[]) and items > 0
       group by type, health
    ),
    types as (
      select type, sum(items)::int as count, sum(costed)::int as costed,
             sum(cost_total_30d)::float8 as cost_total_30d
             ${costWindow ? ', sum(cost_window)::float8 as cost_window' : ''},
             jsonb_object_agg(health, items) filter (where items > 0) as health
        from by_health group by type having sum(items) > 0
    ),
    changed as (select type, sum(n)::bigint as n from (${changes}) c group by type),
    analysed as (
      select type, jsonb_object_agg(analysis_type, n) filter (where n > 0) as analysis
        from (select type, analysis_type, sum(n)::bigint as n from (${analysis}) a
               group by type, analysis_type) x
       group by type
    )
    select jsonb_build_object(
             'type', t.type, 'count', t.count,
             'health', coalesce(t.health, '{}'::jsonb),
             'analysis', coalesce(an.analysis, '{}'::jsonb),
             'changes', coalesce(ch.n, 0),
             'cost_total_30d', case when t.costed > 0 then t.cost_total_30d end,
             'created_at', (select max(ci.created_at) from config_items ci
                             where ci.type = t.type and ${itemVisible}),
             'updated_at', (select max(ci.updated_at) from config_items ci
                             where ci.type = t.type and ${itemVisible})
             ${costWindow ? `, '${costWindow}', case when t.costed > 0 then t.cost_window end` : ''}) as row
      from types t
      left join changed ch on ch.type = t.type
      left join analysed an on an.type = t.type
     order by t.type`;
  const result = await db.query<{ row: CatalogSummaryRow }>(sql, params.values);
  return result.rows.map((r) => r.row);
}
