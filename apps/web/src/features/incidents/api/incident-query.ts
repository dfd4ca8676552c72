import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { incidentKeys } from './incident-keys.ts';
import { commentSchema, historySchema, incidentDetailSchema } from './incident-schemas.ts';

const person = 'id,name,avatar';
const detailSelect = [
  '*',
  `commander:commander_id(${person})`,
  `communicator:communicator_id(${person})`,
  'hypotheses(*,evidences(*,component:component_id(id,name),check:check_id(id,name),config:config_id(id,name)))',
  `responders(*,team:team_id(id,name,icon),person:person_id(${person}))`,
].join(',');

/** One incident with its embeds (spec 002 §7); null when it does not exist. */
export function useIncidentQuery(id: string) {
  return useQuery({
    queryKey: incidentKeys.detail(id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/incidents', z.array(incidentDetailSchema), {
        query: { id: `eq.${id}`, select: detailSelect },
        signal,
      });
      const incident = rows[0];
      if (!incident) return null;
      return { ...incident, responders: incident.responders.filter((r) => r.deleted_at === null) };
    },
  });
}

export function useCommentsQuery(incidentId: string) {
  return useQuery({
    queryKey: incidentKeys.comments(incidentId),
    queryFn: ({ signal }) =>
      apiRequest('db', '/comments', z.array(commentSchema), {
        query: {
          incident_id: `eq.${incidentId}`,
          select: `*,created_by(${person})`,
          order: 'created_at.asc',
        },
        signal,
      }),
  });
}

export function useHistoryQuery(incidentId: string) {
  return useQuery({
    queryKey: incidentKeys.history(incidentId),
    queryFn: ({ signal }) =>
      apiRequest('db', '/incident_histories', z.array(historySchema), {
        query: {
          incident_id: `eq.${incidentId}`,
          select: `*,created_by(${person})`,
          order: 'created_at.desc',
        },
        signal,
      }),
  });
}
