import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { changesQuery, type ChangesUrlState } from '../model/changes-url-state.ts';
import {
  configChangeDetailSchema,
  configChangeSchema,
  relatedConfigSchema,
} from './catalog-schemas.ts';

/** A type filter (upstream, downstream) follows links 5 deep (spec 001 §9). */
export const changesDepth = 5;

export interface ChangesScope {
  configId?: string;
  upstream: boolean;
  downstream: boolean;
  hideDeletedConfigs: boolean;
}

async function scopeIds(scope: ChangesScope, signal: AbortSignal): Promise<string[] | undefined> {
  if (scope.configId === undefined) return undefined;
  const ids = new Set([scope.configId]);
  const directions = [
    ...(scope.downstream ? ['outgoing'] : []),
    ...(scope.upstream ? ['incoming'] : []),
  ];
  for (const direction of directions) {
    const related = await apiRequest(
      'db',
      '/rpc/related_configs_recursive',
      z.array(relatedConfigSchema),
      {
        query: {
          config_id: scope.configId,
          type_filter: direction,
          include_deleted_configs: !scope.hideDeletedConfigs,
          max_depth: changesDepth,
          select: 'id,name,type,status,health,tags,deleted_at',
        },
        signal,
      },
    );
    for (const config of related) ids.add(config.id);
  }
  return [...ids];
}

/** One page of changes, newest first; the total comes from Content-Range. */
export function useChangesQuery(state: ChangesUrlState, scope: ChangesScope) {
  // The open dialog is not a filter: opening one must not refetch the list.
  const filters = { ...state, change: undefined };
  return useQuery({
    queryKey: configKeys.changes({ ...filters, ...scope }),
    queryFn: async ({ signal }) => {
      const ids = await scopeIds(scope, signal);
      return apiList('db', '/config_changes', configChangeSchema, {
        query: changesQuery(state, ids, scope.hideDeletedConfigs),
        signal,
      });
    },
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}

/** One change with its diff, details and patches, for the dialog. */
export function useChangeDetailQuery(id: string | undefined) {
  return useQuery({
    queryKey: configKeys.change(id ?? ''),
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/config_changes', z.array(configChangeDetailSchema), {
        query: {
          select: `id,config_id,change_type,severity,source,summary,count,first_observed,created_at,external_created_by,diff,details,patches,created_by(id,name),config:config_items(id,name,type,deleted_at)`,
          id: `eq.${id ?? ''}`,
        },
        signal,
      });
      return rows[0] ?? null;
    },
  });
}
