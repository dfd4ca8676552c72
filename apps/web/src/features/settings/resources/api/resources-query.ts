import { useQuery } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/http.ts';
import { z } from 'zod';
import type { ResourceDefinition } from '../model/resource-definition.ts';
import { resourceKeys } from './resource-keys.ts';
import { detailSelect, listSelect, resourceRowSchema } from './resource-row.ts';

/** Spec 002 §7: GET /{table}_with_status?deleted_at=is.null&order=created_at.desc&limit=100. */
export function useResourcesQuery(definition: ResourceDefinition) {
  return useQuery({
    queryKey: resourceKeys.list(definition.table),
    queryFn: async ({ signal }) => {
      const list = await apiList('db', `/${definition.listView}`, resourceRowSchema, {
        query: {
          select: listSelect(definition),
          deleted_at: 'is.null',
          order: 'created_at.desc',
          limit: 100,
        },
        signal,
      });
      return list.data;
    },
    meta: { toast: false },
  });
}

/** GET /{table}?id=eq.{id}; null when there is none, or it was deleted. */
export function useResourceQuery(definition: ResourceDefinition, id: string, enabled = true) {
  return useQuery({
    queryKey: resourceKeys.detail(definition.table, id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', `/${definition.table}`, z.array(resourceRowSchema), {
        query: { select: detailSelect(definition), id: `eq.${id}`, deleted_at: 'is.null' },
        signal,
      });
      return rows[0] ?? null;
    },
    enabled,
    meta: { toast: false },
  });
}
