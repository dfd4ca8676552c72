import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { incidentKeys } from './incident-keys.ts';
import { personRefSchema } from './incident-schemas.ts';

/** People to mention, add as responders or filter by owner. */
export function usePeopleQuery() {
  return useQuery({
    queryKey: incidentKeys.pickers('people'),
    queryFn: ({ signal }) =>
      apiRequest('db', '/people', z.array(personRefSchema), {
        query: {
          select: 'id,name,avatar',
          deleted_at: 'is.null',
          type: 'eq.person',
          order: 'name.asc',
          limit: 500,
        },
        signal,
      }),
  });
}

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  spec: z
    .object({ responder_clients: z.record(z.string(), z.unknown()).optional() })
    .passthrough()
    .nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export function useTeamsQuery() {
  return useQuery({
    queryKey: incidentKeys.pickers('teams'),
    queryFn: ({ signal }) =>
      apiRequest('db', '/teams', z.array(teamSchema), {
        query: { select: 'id,name,icon,spec', deleted_at: 'is.null', order: 'name.asc' },
        signal,
      }),
  });
}

const incidentOption = z.object({ id: z.string(), incident_id: z.string(), title: z.string() });

/** Open incidents to link evidence to, newest first. */
export function useIncidentOptionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: incidentKeys.pickers('incidents'),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('db', '/incidents', z.array(incidentOption), {
        query: {
          select: 'id,incident_id,title',
          deleted_at: 'is.null',
          status: 'not.in.(resolved,closed)',
          order: 'created_at.desc',
          limit: 200,
        },
        signal,
      }),
  });
}

const hypothesisOption = z.object({
  id: z.string(),
  title: z.string().nullable(),
  type: z.string(),
});

export function useHypothesisOptionsQuery(incidentId: string | undefined) {
  return useQuery({
    queryKey: incidentKeys.pickers('hypotheses', incidentId ?? ''),
    enabled: incidentId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest('db', '/hypotheses', z.array(hypothesisOption), {
        query: {
          select: 'id,title,type',
          incident_id: `eq.${incidentId ?? ''}`,
          order: 'created_at.asc',
        },
        signal,
      }),
  });
}

const componentOption = z.object({ id: z.string(), name: z.string() });

/** Components for the list's Component filter. */
export function useComponentOptionsQuery() {
  return useQuery({
    queryKey: incidentKeys.pickers('components'),
    queryFn: ({ signal }) =>
      apiRequest('db', '/components', z.array(componentOption), {
        query: { select: 'id,name', deleted_at: 'is.null', order: 'name.asc', limit: 500 },
        signal,
      }),
  });
}
