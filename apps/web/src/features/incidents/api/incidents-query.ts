import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import type { IncidentFilters } from '../model/incident-url-state.ts';
import { incidentKeys } from './incident-keys.ts';
import { incidentSummarySchema } from './incident-schemas.ts';

/** The list's filters as data API parameters (spec 002 §7): 'all' and empty are left out. */
export function listParams(filters: IncidentFilters, ids?: readonly string[]) {
  const eq = (value: string | undefined) =>
    value === undefined || value === '' || value === 'all' ? undefined : `eq.${value}`;
  return {
    select: '*',
    order: 'created_at.desc',
    limit: 100,
    deleted_at: 'is.null',
    status: eq(filters.status),
    severity: eq(filters.severity),
    type: eq(filters.type),
    created_by: eq(filters.owner),
    title: filters.search ? `ilike.*${filters.search}*` : undefined,
    id: ids ? `in.(${ids.join(',')})` : undefined,
  };
}

async function componentIncidentIds(component: string, signal: AbortSignal): Promise<string[]> {
  const rows = await apiRequest(
    'db',
    '/incidents_by_component',
    z.array(z.object({ id: z.string() })),
    {
      query: { select: 'id', component_id: `eq.${component}` },
      signal,
    },
  );
  return rows.map((row) => row.id);
}

export function useIncidentsQuery(filters: IncidentFilters) {
  return useQuery({
    queryKey: incidentKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const ids = filters.component
        ? await componentIncidentIds(filters.component, signal)
        : undefined;
      if (ids && ids.length === 0) return [];
      const list = await apiList('db', '/incident_summary', incidentSummarySchema, {
        query: listParams(filters, ids),
        signal,
      });
      return list.data;
    },
  });
}
