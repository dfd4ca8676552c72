import { parseLabels, parseTags, keyValueConditions, quoteValue } from './filter-encoding.ts';
import type { CatalogUrlState } from './catalog-url-state.ts';

export const configListSelect =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,last_scraped_time,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent(id,name)';

export const configPageSize = 100;

/** A search word is matched anywhere in name, type, description and namespace. */
function searchCondition(search: string): string {
  const pattern = quoteValue(`*${search}*`);
  return `or(${['name', 'type', 'description', 'namespace']
    .map((column) => `${column}.ilike.${pattern}`)
    .join(',')})`;
}

/**
 * The data-API query of one page of configs (spec 001 §7): deleted ones last, then the chosen
 * sort (type ascending by default), then name.
 */
export function configListQuery(
  state: CatalogUrlState,
  hideDeleted: boolean,
  page: number,
): Record<string, string> {
  const query: Record<string, string> = { select: configListSelect };
  if (state.configType) query['type.filter'] = state.configType;
  if (state.status) query['status.filter'] = state.status;
  if (state.health) query['health.filter'] = state.health;
  if (hideDeleted) query.deleted_at = 'is.null';
  const conditions = [
    ...keyValueConditions('tags', parseTags(state.tags)),
    ...keyValueConditions('labels', parseLabels(state.labels)),
  ];
  const search = state.search?.trim();
  if (search) conditions.push(searchCondition(search));
  if (conditions.length > 0) query.and = `(${conditions.join(',')})`;
  const sortBy = state.sortBy ?? 'type';
  const order = state.sortOrder ?? 'asc';
  query.order = `deleted_at.asc.nullsfirst,${sortBy}.${order}.nullslast${sortBy === 'name' ? '' : ',name.asc'},id.asc`;
  query.limit = String(configPageSize);
  query.offset = String(page * configPageSize);
  return query;
}
