import { z } from 'zod';

/** Topology component statuses (spec 001 §4), plus unknown before anything reports. */
export const componentStatuses = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Counts by type, then by severity; severity 'low' is merged into 'medium' (spec §2). */
const bySeverity = z.record(z.string(), z.record(z.string(), z.number()));

export const componentPropertySchema = z.looseObject({
  name: z.string(),
  label: z.string().optional(),
  type: z.string().optional(),
  text: z.string().optional(),
  value: z.number().optional(),
  max: z.number().optional(),
  min: z.number().optional(),
  unit: z.string().optional(),
  headline: z.boolean().optional(),
  icon: z.string().optional(),
  color: z.string().optional(),
  hidden: z.boolean().optional(),
  links: z
    .array(z.looseObject({ label: z.string().optional(), url: z.string().optional() }))
    .optional(),
});

export interface TopologyComponent {
  id: string;
  topology_id: string | null;
  agent_id: string;
  parent_id: string | null;
  external_id: string | null;
  name: string;
  title: string | null;
  text: string | null;
  type: string | null;
  icon: string | null;
  namespace: string | null;
  status: (typeof componentStatuses)[number];
  status_reason: string | null;
  description: string | null;
  labels: Record<string, string>;
  path: string | null;
  is_leaf: boolean;
  hidden: boolean;
  properties: z.infer<typeof componentPropertySchema>[];
  cost_per_minute: number | null;
  cost_total_1d: number | null;
  cost_total_7d: number | null;
  cost_total_30d: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  teams: string[];
  summary: {
    checks: { healthy: number; unhealthy: number; warning: number; unknown: number };
    incidents: Record<string, Record<string, number>>;
    insights: Record<string, Record<string, number>>;
  };
  components?: TopologyComponent[];
}

export const topologyComponentSchema: z.ZodType<TopologyComponent> = z.lazy(() =>
  z.object({
    id: z.string(),
    topology_id: z.string().nullable(),
    agent_id: z.string(),
    parent_id: z.string().nullable(),
    external_id: z.string().nullable(),
    name: z.string(),
    title: z.string().nullable(),
    text: z.string().nullable(),
    type: z.string().nullable(),
    icon: z.string().nullable(),
    namespace: z.string().nullable(),
    status: z.enum(componentStatuses),
    status_reason: z.string().nullable(),
    description: z.string().nullable(),
    labels: z.record(z.string(), z.string()),
    path: z.string().nullable(),
    is_leaf: z.boolean(),
    hidden: z.boolean(),
    properties: z.array(componentPropertySchema),
    cost_per_minute: z.number().nullable(),
    cost_total_1d: z.number().nullable(),
    cost_total_7d: z.number().nullable(),
    cost_total_30d: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
    teams: z.array(z.string()),
    summary: z.object({
      checks: z.object({
        healthy: z.number(),
        unhealthy: z.number(),
        warning: z.number(),
        unknown: z.number(),
      }),
      incidents: bySeverity,
      insights: bySeverity,
    }),
    components: z.array(topologyComponentSchema).optional(),
  }),
);

/** GET /api/topology's answer (duty's TopologyResponse). */
export const topologyResponseSchema = z.object({
  components: z.array(topologyComponentSchema),
  teams: z.array(z.string()),
  types: z.array(z.string()),
  healthStatuses: z.array(z.string()),
  tags: z.record(z.string(), z.array(z.string())),
});
export type TopologyResponse = z.infer<typeof topologyResponseSchema>;

/** A filter of 'All' (any case) or '' removes that filter (spec §5). */
const filter = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined || value === '' || /^all$/i.test(value) ? undefined : value,
  );

// The route parses its query twice (the validator, then for the type): `depth` takes both forms.
const depthError = 'depth must be a whole number from 1 to 10';

/** GET /api/topology's query parameters (spec 001 §7). Lists are comma separated. */
export const topologyQuerySchema = z.object({
  id: z.guid({ error: 'id must be a uuid' }).optional(),
  status: filter,
  type: filter,
  team: filter,
  labels: filter,
  agent_id: filter.pipe(z.guid({ error: 'agent_id must be a uuid' }).optional()),
  sortBy: filter.pipe(
    z
      .string()
      .regex(/^(status|name|type|updated_at|field:.+)$/, {
        error: 'sortBy must be status, name, type, updated_at or field:<property>',
      })
      .optional(),
  ),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  flatten: z.enum(['true', 'false'], { error: 'flatten must be true or false' }).optional(),
  hidden: z.enum(['true', 'false'], { error: 'hidden must be true or false' }).optional(),
  /** Levels of the tree in the answer, its top level counted (duty's `depth`); all when unset. */
  depth: z
    .union([z.number(), z.string()])
    .transform(Number)
    .pipe(
      z
        .number({ error: depthError })
        .int({ error: depthError })
        .min(1, depthError)
        .max(10, depthError),
    )
    .optional(),
});
export type TopologyQuery = z.infer<typeof topologyQuerySchema>;

/** Health sort order of the dashboard (spec §2): unhealthy first. */
export const componentStatusRank: Record<string, number> = {
  unhealthy: 1,
  warning: 2,
  healthy: 3,
  info: 4,
  unknown: 5,
};
