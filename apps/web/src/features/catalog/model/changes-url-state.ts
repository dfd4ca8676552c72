import { z } from 'zod';
import type { CatalogChangesRequest } from '@vigil/domain';
import { parseTags } from './filter-encoding.ts';

type ChangeSeverity = NonNullable<CatalogChangesRequest['severity']>;

/** A type filter (upstream, downstream) follows links 5 deep (spec 001 §9). */
export const changesDepth = 5;

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

export interface ChangesScope {
  configId?: string;
  upstream: boolean;
  downstream: boolean;
  hideDeletedConfigs: boolean;
}

/** `key____value:1` in the URL is `key=value` in the call; an exclusion is `!key=value`. */
export function changeTags(param: string | undefined): string | undefined {
  const tags = parseTags(param);
  if (tags.length === 0) return undefined;
  return tags.map((t) => `${t.include ? '' : '!'}${t.key}=${t.value}`).join(',');
}

function recursion(scope: ChangesScope): CatalogChangesRequest['recursive'] {
  if (scope.upstream && scope.downstream) return 'all';
  if (scope.upstream) return 'upstream';
  if (scope.downstream) return 'downstream';
  return 'none';
}

function isSeverity(value: string | undefined): value is ChangeSeverity {
  return changeSeverities.some((severity) => severity === value);
}

/**
 * The body of POST /api/catalog/changes (spec 001 §7): one config and its neighbours 5 deep, or
 * the whole catalog; 200 a page from now-2d by default.
 */
export function changesRequest(state: ChangesUrlState, scope: ChangesScope): CatalogChangesRequest {
  const configId = scope.configId ?? state.id;
  const request: CatalogChangesRequest = {
    from: state.from ?? defaultChangesRange,
    page: state.page ?? 1,
    page_size: state.pageSize ?? defaultChangesPageSize,
    sort_by: '-created_at',
    include_deleted_configs: !scope.hideDeletedConfigs,
  };
  if (configId) request.id = configId;
  if (scope.configId !== undefined) {
    request.recursive = recursion(scope);
    request.depth = changesDepth;
  }
  if (state.configType) request.config_type = state.configType;
  if (state.changeType) request.type = state.changeType;
  if (isSeverity(state.severity)) request.severity = state.severity;
  if (state.summary) request.summary = state.summary;
  if (state.source) request.source = state.source;
  const createdBy = state.created_by ?? state.external_created_by;
  if (createdBy) request.created_by = createdBy;
  const tags = changeTags(state.tags);
  if (tags) request.tags = tags;
  return request;
}
