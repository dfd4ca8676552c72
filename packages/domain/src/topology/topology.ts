import { z } from 'zod';

/**
 * The shape of `GET /api/topology` (duty's TopologyResponse) and its parts, shared by the server
 * that builds it and the dashboard that reads it. Objects are loose: a newer server may add keys.
 */

export const componentStatuses = ['healthy', 'unhealthy', 'warning', 'unknown', 'info'] as const;
export const componentStatusSchema = z.enum(componentStatuses);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** Spec 001 §2: the order of the Health sort, worst first. */
export const componentHealthOrder: Readonly<Record<string, number>> = {
  unhealthy: 1,
  warning: 2,
  healthy: 3,
  info: 4,
};

/** Spec 001 §3: url, currency, text and hidden; upstream specs also write badge and age. */
export const componentPropertyTypes = [
  'url',
  'currency',
  'text',
  'hidden',
  'badge',
  'age',
] as const;

export const componentPropertyLinkSchema = z.looseObject({
  label: z.string().nullish(),
  url: z.string(),
});

export const componentPropertySchema = z.looseObject({
  name: z.string().nullish(),
  label: z.string().nullish(),
  type: z.string().nullish(),
  text: z.string().nullish(),
  value: z.union([z.number(), z.string()]).nullish(),
  max: z.number().nullish(),
  min: z.number().nullish(),
  unit: z.string().nullish(),
  headline: z.boolean().nullish(),
  hidden: z.boolean().nullish(),
  icon: z.string().nullish(),
  color: z.string().nullish(),
  tooltip: z.string().nullish(),
  order: z.number().nullish(),
  status: z.string().nullish(),
  lastTransition: z.string().nullish(),
  links: z.array(componentPropertyLinkSchema).nullish(),
});
export type ComponentProperty = z.infer<typeof componentPropertySchema>;

/** Counts by type, then by severity (`{security: {critical: 1, medium: 2}}`). */
export const severityCountsSchema = z.record(z.string(), z.record(z.string(), z.number()));
export type SeverityCounts = z.infer<typeof severityCountsSchema>;

export const componentSummarySchema = z.looseObject({
  healthy: z.number().nullish(),
  unhealthy: z.number().nullish(),
  warning: z.number().nullish(),
  info: z.number().nullish(),
  unknown: z.number().nullish(),
  checks: z.record(z.string(), z.number()).nullish(),
  incidents: severityCountsSchema.nullish(),
  insights: severityCountsSchema.nullish(),
});
export type ComponentSummary = z.infer<typeof componentSummarySchema>;

export const componentLogSchema = z.looseObject({ name: z.string(), type: z.string().nullish() });

const componentFields = {
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  text: z.string().nullish(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
  status: z.string().nullish(),
  status_reason: z.string().nullish(),
  health: z.string().nullish(),
  description: z.string().nullish(),
  namespace: z.string().nullish(),
  labels: z.record(z.string(), z.string()).nullish(),
  parent_id: z.string().nullish(),
  path: z.string().nullish(),
  topology_id: z.string().nullish(),
  agent_id: z.string().nullish(),
  external_id: z.string().nullish(),
  is_leaf: z.boolean().nullish(),
  hidden: z.boolean().nullish(),
  properties: z.array(componentPropertySchema).nullish(),
  summary: componentSummarySchema.nullish(),
  team_names: z.array(z.string()).nullish(),
  logs: z.array(componentLogSchema).nullish(),
  cost_per_minute: z.number().nullish(),
  cost_total_1d: z.number().nullish(),
  cost_total_7d: z.number().nullish(),
  cost_total_30d: z.number().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
};

export interface TopologyComponent extends z.infer<z.ZodObject<typeof componentFields>> {
  components?: TopologyComponent[] | null | undefined;
  [key: string]: unknown;
}

/** A component with its children nested under `components`. */
export const topologyComponentSchema: z.ZodType<TopologyComponent> = z.looseObject({
  ...componentFields,
  get components() {
    return z.array(topologyComponentSchema).nullish();
  },
});

export const topologyResponseSchema = z.looseObject({
  components: z.array(topologyComponentSchema).nullish(),
  healthStatuses: z.array(z.string()).nullish(),
  teams: z.array(z.string()).nullish(),
  types: z.array(z.string()).nullish(),
  /** Label key → the values seen under it. */
  tags: z.record(z.string(), z.array(z.string())).nullish(),
});
export type TopologyResponse = z.infer<typeof topologyResponseSchema>;

const filterValue = z.string().max(500);

/**
 * The query of `GET /api/topology` (spec 001 §7). `labels` is `key=value`; `All` means no filter;
 * `flatten` lists every matching component at the top level (sent when a type is chosen).
 */
export const topologyQuerySchema = z.strictObject({
  id: z.uuid({ error: 'must be a component id' }).optional(),
  status: filterValue.optional(),
  type: filterValue.optional(),
  team: filterValue.optional(),
  labels: filterValue.optional(),
  agent_id: filterValue.optional(),
  sortBy: z.string().max(200).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  flatten: z.stringbool({ error: 'must be true or false' }).optional(),
  hidden: z.stringbool({ error: 'must be true or false' }).optional(),
  depth: z.coerce.number().int().min(0).max(20).optional(),
});
export type TopologyQuery = z.infer<typeof topologyQuerySchema>;

/** `GET /api/snapshot/topology/{id}?start=&related=`: the time range and related components. */
export const topologySnapshotQuerySchema = z.strictObject({
  start: z.string().max(20).optional(),
  related: z.stringbool({ error: 'must be true or false' }).optional(),
});

/** Spec 001 §2: in summaries, severity 'low' counts as 'medium'. */
export function mergeLowSeverity(counts: SeverityCounts): SeverityCounts {
  const merged: SeverityCounts = {};
  for (const [type, bySeverity] of Object.entries(counts)) {
    const next: Record<string, number> = {};
    for (const [severity, count] of Object.entries(bySeverity)) {
      const key = severity.toLowerCase() === 'low' ? 'medium' : severity.toLowerCase();
      next[key] = (next[key] ?? 0) + count;
    }
    merged[type] = next;
  }
  return merged;
}
