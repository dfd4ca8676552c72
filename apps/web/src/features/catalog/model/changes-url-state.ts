import { z } from 'zod';
import { keyValueConditions, parseTags } from './filter-encoding.ts';

export const defaultChangesRange = 'now-2d';
export const defaultChangesPageSize = 200;
export const changeSeverities = [
  'info',
  'low',
  'medium',
  'high',
  'critical',
  'blocker',
  'warning',
] as const;
export const changeRanges = [
  'now-15m',
  'now-1h',
  'now-6h',
  'now-1d',
  'now-2d',
  'now-1w',
  'now-1mo',
  'now-3mo',
] as const;

/** The changes list's query string (spec 001 §2 Changes, §7 POST /changes, §9). */
export const changesUrlSchema = z.object({
  configType: z.string().optional(),
  changeType: z.string().optional(),
  severity: z.string().optional(),
  tags: z.string().optional(),
  from: z.string().optional(),
  id: z.string().optional(),
  summary: z.string().optional(),
  source: z.string().optional(),
  created_by: z.string().optional(),
  external_created_by: z.string().optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  upstream: z.enum(['true', 'false']).optional(),
  downstream: z.enum(['true', 'false']).optional(),
  change: z.string().optional(),
});
export type ChangesUrlState = z.output<typeof changesUrlSchema>;

/** Filters shown as removable chips: each is one exact value. */
export const chipParams = ['id', 'summary', 'source', 'created_by', 'external_created_by'] as const;

export const changeSelect =
  'id,config_id,change_type,severity,source,summary,count,first_observed,created_at,external_created_by,created_by(id,name),config:config_items!inner(id,name,type,deleted_at)';

/** The data-API query of one page of changes over the given configs (all when undefined). */
export function changesQuery(
  state: ChangesUrlState,
  configIds: readonly string[] | undefined,
  hideDeletedConfigs: boolean,
): Record<string, string> {
  const pageSize = state.pageSize ?? defaultChangesPageSize;
  const page = state.page ?? 1;
  const query: Record<string, string> = {
    select: changeSelect,
    'created_at.filter': `>${state.from ?? defaultChangesRange}`,
    order: 'created_at.desc,id.desc',
    limit: String(pageSize),
    offset: String((page - 1) * pageSize),
  };
  if (configIds !== undefined) query.config_id = `in.(${configIds.join(',')})`;
  if (state.configType) query['config.type.filter'] = state.configType;
  if (state.changeType) query['change_type.filter'] = state.changeType;
  if (state.severity) query['severity.filter'] = state.severity;
  if (hideDeletedConfigs) query['config.deleted_at'] = 'is.null';
  for (const param of chipParams) {
    const value = state[param];
    if (value === undefined || value === '') continue;
    query[param] = `eq.${value}`;
  }
  const tagConditions = keyValueConditions('tags', parseTags(state.tags));
  if (tagConditions.length > 0) query['config.and'] = `(${tagConditions.join(',')})`;
  return query;
}
