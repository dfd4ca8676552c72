import { z } from 'zod';

/** Rows of the side panel's data-API views (spec 001 §3 and §7). */
export const componentTeamSchema = z.looseObject({
  team_id: z.string(),
  component_id: z.string(),
  role: z.string().nullish(),
  selector_id: z.string().nullish(),
  team: z.looseObject({ id: z.string(), name: z.string(), icon: z.string().nullish() }).nullish(),
});
export type ComponentTeam = z.infer<typeof componentTeamSchema>;

export const componentCheckSchema = z.looseObject({
  id: z.string(),
  canary_id: z.string().nullish(),
  name: z.string(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
  last_runtime: z.string().nullish(),
});
export type ComponentCheck = z.infer<typeof componentCheckSchema>;

export const componentConfigLinkSchema = z.looseObject({
  config_id: z.string(),
  component_id: z.string(),
  selector_id: z.string(),
  config: z
    .looseObject({
      id: z.string(),
      name: z.string().nullish(),
      type: z.string().nullish(),
      health: z.string().nullish(),
      status: z.string().nullish(),
    })
    .nullish(),
});
export type ComponentConfigLink = z.infer<typeof componentConfigLinkSchema>;

export const componentIncidentSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type ComponentIncident = z.infer<typeof componentIncidentSchema>;

export const componentChangeSchema = z.looseObject({
  id: z.string(),
  config_id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  change_type: z.string().nullish(),
  severity: z.string().nullish(),
  summary: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type ComponentChange = z.infer<typeof componentChangeSchema>;

export const componentInsightSchema = z.looseObject({
  analysis_id: z.string(),
  config_id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  analyzer: z.string().nullish(),
  analysis_type: z.string().nullish(),
  severity: z.string().nullish(),
  message: z.string().nullish(),
  last_observed: z.string().nullish(),
});
export type ComponentInsight = z.infer<typeof componentInsightSchema>;

export const componentPlaybookRunSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  start_time: z.string().nullish(),
  playbooks: z.looseObject({ id: z.string(), name: z.string() }).nullish(),
});
export type ComponentPlaybookRun = z.infer<typeof componentPlaybookRunSchema>;

export const catalogOptionSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
});
export type CatalogOption = z.infer<typeof catalogOptionSchema>;
