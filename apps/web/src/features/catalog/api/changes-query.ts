import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { catalogChangesResponseSchema, type CatalogChangeRow } from '@vigil/domain';
import { configKeys } from '@/lib/resource-keys.ts';
import {
  changesRequest,
  type ChangesScope,
  type ChangesUrlState,
} from '../model/changes-url-state.ts';
import { configChangeDetailSchema } from './catalog-schemas.ts';

export type ChangeListRow = CatalogChangeRow & { creator: string | null };

const creatorsSchema = z.array(
  z.object({ id: z.string(), created_by: z.object({ name: z.string().nullish() }).nullish() }),
);

/** People's names for the changes they made; the search answers with their ids only. */
async function withCreators(
  rows: CatalogChangeRow[],
  signal: AbortSignal,
): Promise<ChangeListRow[]> {
  const ids = rows.filter((row) => row.created_by !== null).map((row) => row.id);
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const found = await apiRequest('db', '/config_changes', creatorsSchema, {
      query: { select: 'id,created_by(name)', id: `in.(${ids.join(',')})` },
      signal,
    });
    for (const row of found) if (row.created_by?.name) names.set(row.id, row.created_by.name);
  }
  return rows.map((row) => ({
    ...row,
    creator: names.get(row.id) ?? row.external_created_by ?? null,
  }));
}

/** One page of changes from POST /api/catalog/changes, newest first, with the total. */
export function useChangesQuery(state: ChangesUrlState, scope: ChangesScope) {
  const request = changesRequest(state, scope);
  return useQuery({
    queryKey: configKeys.changes({ ...request }),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('catalog', '/changes', catalogChangesResponseSchema, {
        method: 'POST',
        body: request,
        signal,
      });
      return { total: answer.total, changes: await withCreators(answer.changes, signal) };
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
