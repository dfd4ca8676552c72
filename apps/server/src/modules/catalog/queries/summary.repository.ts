import type { CatalogSummaryRow } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { mapTriStateSql, SqlParams, triStateSql } from './sql-params.ts';

/** A summary request after validation: times resolved, defaults applied. */
export interface SummaryQuery {
  readonly groupBy: readonly string[];
  readonly labels: Readonly<Record<string, string>>;
  readonly health?: string | undefined;
  readonly status?: string | undefined;
  readonly changesSince?: Date | undefined;
  readonly analysisSince?: Date | undefined;
  readonly cost?: '1d' | '7d' | '30d' | undefined;
  readonly deleted: boolean;
}

/** The SQL expression of a group key over config_items ci; tag keys arrive as parameters. */
function groupExpression(key: string, params: SqlParams): string {
  if (key === 'type') return 'ci.type';
  if (key === 'config_class') return 'ci.config_class';
  return `ci.tags ->> ${params.add(key)}`;
}

/** The item filters of a summary (deleted, labels, health, status) over config_items ci. */
function itemConditions(query: SummaryQuery, params: SqlParams): string[] {
  const where: string[] = [];
  if (!query.deleted) where.push('ci.deleted_at is null');
  for (const [key, value] of Object.entries(query.labels)) {
    const labelCondition = mapTriStateSql(
      'ci.labels',
      value
        .split(',')
        .map((item) =>
          item.trim().startsWith('!') ? `!${key}=${item.trim().slice(1)}` : `${key}=${item.trim()}`,
        )
        .join(','),
      params,
    );
    if (labelCondition) where.push(labelCondition);
  }
  const health = query.health
    ? triStateSql("coalesce(ci.health, 'unknown')", query.health, params)
    : undefined;
  if (health) where.push(health);
  const status = query.status ? triStateSql('ci.status', query.status, params) : undefined;
  if (status) where.push(status);
  return where;
}

/**
 * Config items grouped by type, config_class or tag keys, with health counts, open analysis by
 * type, changes since a time, costs and the newest created and updated times. One statement;
 * PostgreSQL builds the rows' JSON.
 */
export async function summariseItems(
  db: Queryable,
  query: SummaryQuery,
): Promise<CatalogSummaryRow[]> {
  const params = new SqlParams();
  const keys = query.groupBy.map((key, index) => ({
    key,
    alias: `g${index}`,
    sql: groupExpression(key, params),
  }));
  const where = itemConditions(query, params);
  const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const groupCols = keys.map((k) => k.alias).join(', ');
  const joinOn = (left: string, right: string): string =>
    keys.map((k) => `${left}.${k.alias} is not distinct from ${right}.${k.alias}`).join(' and ');
  const costWindow = query.cost && query.cost !== '30d' ? `cost_total_${query.cost}` : undefined;
  const changes = query.changesSince
    ? `(select c.config_id, count(*)::bigint as n from config_changes c
         where c.created_at >= ${params.add(query.changesSince)} group by c.config_id)`
    : `(select s.config_id, s.changes::bigint as n from config_item_summaries s)`;
  const analysis = query.analysisSince
    ? `(select a.config_id, a.analysis_type as kind, count(*)::bigint as n from config_analysis a
         where a.status = 'open' and coalesce(a.last_observed, a.first_observed) >= ${params.add(query.analysisSince)}
         group by a.config_id, a.analysis_type)`
    : `(select s.config_id, e.key as kind, e.value::bigint as n
          from config_item_summaries s cross join lateral jsonb_each_text(s.analysis) e)`;
  const keyJson = keys.map((k) => `${params.add(k.key)}::text, g.${k.alias}`).join(', ');
  const sql = `
    with items as (
      select ci.id, ${keys.map((k) => `${k.sql} as ${k.alias}`).join(', ')},
             coalesce(ci.health, 'unknown') as health, ci.created_at, ci.updated_at,
             ci.cost_total_30d${costWindow ? `, ci.${costWindow} as cost_window` : ''}
        from config_items ci ${whereSql}
    ),
    by_health as (
      select ${groupCols}, health, count(*)::int as n, max(created_at) as created_at,
             max(updated_at) as updated_at, sum(cost_total_30d) as cost_total_30d
             ${costWindow ? ', sum(cost_window) as cost_window' : ''}
        from items group by ${groupCols}, health
    ),
    groups as (
      select ${groupCols}, sum(n)::int as count, max(created_at) as created_at,
             max(updated_at) as updated_at, sum(cost_total_30d)::float8 as cost_total_30d
             ${costWindow ? ', sum(cost_window)::float8 as cost_window' : ''},
             jsonb_object_agg(health, n) as health_map
        from by_health group by ${groupCols}
    ),
    changed as (
      select ${keys.map((k) => `i.${k.alias}`).join(', ')}, sum(c.n)::bigint as n
        from items i join ${changes} c on c.config_id = i.id
       group by ${keys.map((k) => `i.${k.alias}`).join(', ')}
    ),
    analysed as (
      select ${groupCols}, jsonb_object_agg(kind, n) as analysis
        from (select ${keys.map((k) => `i.${k.alias}`).join(', ')}, a.kind, sum(a.n)::bigint as n
                from items i join ${analysis} a on a.config_id = i.id
               group by ${keys.map((k) => `i.${k.alias}`).join(', ')}, a.kind) y
       group by ${groupCols}
    )
    select jsonb_build_object(${keyJson}) || jsonb_build_object(
             'count', g.count,
             'health', coalesce(g.health_map, '{}'::jsonb),
             'analysis', coalesce(an.analysis, '{}'::jsonb),
             'changes', coalesce(ch.n, 0),
             'cost_total_30d', g.cost_total_30d,
             'created_at', g.created_at,
             'updated_at', g.updated_at
             ${costWindow ? `, '${costWindow}', g.cost_window` : ''}) as row
      from groups g
      left join changed ch on ${joinOn('ch', 'g')}
      left join analysed an on ${joinOn('an', 'g')}
     order by ${keys.map((k) => `g.${k.alias} asc nulls last`).join(', ')}`;
  const result = await db.query<{ row: CatalogSummaryRow }>(sql, params.values);
  return result.rows.map((r) => r.row);
}
