import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiRequest, type QueryValue } from '@/lib/http.ts';
import {
  componentChangeSchema,
  componentCheckSchema,
  componentConfigLinkSchema,
  componentIncidentSchema,
  componentInsightSchema,
  componentPlaybookRunSchema,
  componentTeamSchema,
} from './panel-schemas.ts';
import { topologyKeys } from './topology-keys.ts';

/** Spec 001 §9: panel lists show 50 rows. */
export const panelPageSize = 50;

function usePanelRows<S extends z.ZodType>(
  componentId: string,
  view: string,
  itemSchema: S,
  query: Readonly<Record<string, QueryValue>>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: topologyKeys.component(componentId, view),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('db', `/${view}`, z.array(itemSchema), {
        query: { component_id: `eq.${componentId}`, ...query },
        signal,
      }),
  });
}

export function useComponentTeams(id: string, enabled = true) {
  return usePanelRows(
    id,
    'team_components',
    componentTeamSchema,
    { select: '*,team:teams(id,name,icon)' },
    enabled,
  );
}

export function useComponentChecks(id: string, enabled = true) {
  return usePanelRows(
    id,
    'checks_by_component',
    componentCheckSchema,
    { order: 'name.asc' },
    enabled,
  );
}

export function useComponentConfigs(id: string, enabled = true) {
  return usePanelRows(
    id,
    'config_component_relationships',
    componentConfigLinkSchema,
    {
      select: 'config_id,component_id,selector_id,config:config_items(id,name,type,health,status)',
      deleted_at: 'is.null',
    },
    enabled,
  );
}

export function useComponentIncidents(id: string, enabled = true) {
  return usePanelRows(
    id,
    'incidents_by_component',
    componentIncidentSchema,
    { order: 'created_at.desc', limit: panelPageSize },
    enabled,
  );
}

export function useComponentChanges(id: string, enabled = true) {
  return usePanelRows(
    id,
    'changes_by_component',
    componentChangeSchema,
    { order: 'created_at.desc', limit: panelPageSize },
    enabled,
  );
}

export function useComponentInsights(id: string, enabled = true) {
  return usePanelRows(
    id,
    'analysis_by_component',
    componentInsightSchema,
    { order: 'last_observed.desc', limit: panelPageSize },
    enabled,
  );
}

/** Playbook runs of the component, 50 a page (spec 001 §7). */
export function useComponentPlaybookRuns(id: string, enabled = true) {
  return useQuery({
    queryKey: topologyKeys.component(id, 'playbook_runs'),
    enabled,
    queryFn: ({ signal }) =>
      apiList('db', '/playbook_runs', componentPlaybookRunSchema, {
        query: {
          component_id: `eq.${id}`,
          select: 'id,status,start_time,playbooks(id,name)',
          order: 'start_time.desc.nullslast',
          limit: panelPageSize,
        },
        signal,
      }),
    select: (result) => result.data,
  });
}
