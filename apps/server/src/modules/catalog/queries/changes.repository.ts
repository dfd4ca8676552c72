import type { CatalogChangesResponse } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { mapTriStateSql, SqlParams, triStateSql } from './sql-params.ts';

/** A changes search after validation: times resolved, defaults applied. */
export interface ChangesQuery {
  readonly configId?: string | undefined;
  /** How the walk from configId goes: outgoing (downstream), incoming (upstream), all, or none. */
  readonly walk: 'outgoing' | 'incoming' | 'all' | 'none';
  readonly depth: number;
  readonly includeDeletedConfigs: boolean;
  readonly configType?: string | undefined;
  readonly changeType?: string | undefined;
  readonly createdBy?: { readonly person: string } | { readonly external: string } | undefined;
  readonly summary?: string | undefined;
  readonly source?: string | undefined;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
  readonly severities?: readonly string[] | undefined;
  readonly tags?: string | undefined;
  readonly sort: { readonly column: string; readonly descending: boolean };
  readonly page: number;
  readonly pageSize: number;
}

/** Sort columns of the request mapped to their expressions (the list is the schema's). */
const sortExpressions: Readonly<Record<string, string>> = {
  name: 'ci.name',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  severity: 'cc.severity',
  created_at: 'cc.created_at',
  count: 'cc.count',
};

function conditions(query: ChangesQuery, params: SqlParams): string[] {
  const where: string[] = [];
  if (query.configId !== undefined) {
    where.push(
      query.walk === 'none'
        ? `cc.config_id = ${params.add(query.configId)}::uuid`
        : `cc.config_id in (select w.id from config_graph_walk(${params.add(query.configId)}::uuid,
             ${params.add(query.walk)}, ${params.add(query.depth)}::int, ${params.add(query.includeDeletedConfigs)}::boolean) w)`,
    );
  }
  if (!query.includeDeletedConfigs) where.push('ci.deleted_at is null');
  const texts: Array<[string, string | undefined]> = [
    ['ci.type', query.configType],
    ['cc.change_type', query.changeType],
    ['cc.summary', query.summary],
    ['cc.source', query.source],
  ];
  for (const [expression, text] of texts) {
    const condition = text === undefined ? undefined : triStateSql(expression, text, params);
    if (condition) where.push(condition);
  }
  if (query.createdBy && 'person' in query.createdBy) {
    where.push(`cc.created_by = ${params.add(query.createdBy.person)}::uuid`);
  } else if (query.createdBy) {
    const condition = triStateSql('cc.external_created_by', query.createdBy.external, params);
    if (condition) where.push(condition);
  }
  if (query.from) where.push(`cc.created_at >= ${params.add(query.from)}`);
  if (query.to) where.push(`cc.created_at <= ${params.add(query.to)}`);
  if (query.severities) where.push(`cc.severity = any(${params.add(query.severities)}::text[])`);
  const tags = query.tags === undefined ? undefined : mapTriStateSql('ci.tags', query.tags, params);
  if (tags) where.push(tags);
  return where;
}

/** One page of matching changes with their config, the total and the count per change type. */
export async function searchChanges(
  db: Queryable,
  query: ChangesQuery,
): Promise<CatalogChangesResponse> {
  const params = new SqlParams();
  const where = conditions(query, params);
  const sortBy = sortExpressions[query.sort.column] ?? 'cc.created_at';
  const direction = query.sort.descending ? 'desc' : 'asc';
  const sql = `
    with matched as materialized (
      select cc.id, cc.config_id, ci.name, ci.type, ci.config_class, ci.deleted_at, ci.tags,
             cc.change_type, cc.severity, cc.source, cc.summary, cc.count, cc.first_observed,
             cc.created_at, cc.created_by, cc.external_created_by, ci.agent_id, ci.path,
             ${sortBy} as sort_key
        from config_changes cc
        join config_items ci on ci.id = cc.config_id
       ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
    ),
    page as (
      select * from matched
       order by sort_key ${direction} nulls last, id ${direction}
       limit ${params.add(query.pageSize)} offset ${params.add((query.page - 1) * query.pageSize)}
    )
    select
      (select count(*)::int from matched) as total,
      (select coalesce(jsonb_object_agg(x.change_type, x.n), '{}'::jsonb)
         from (select change_type, count(*)::int as n from matched group by change_type) x) as summary,
      (select coalesce(jsonb_agg(to_jsonb(p) - 'sort_key'
                 order by p.sort_key ${direction} nulls last, p.id ${direction}), '[]'::jsonb)
         from page p) as changes`;
  const result = await db.query<CatalogChangesResponse>(sql, params.values);
  const row = result.rows[0];
  return row ?? { summary: {}, total: 0, changes: [] };
}
