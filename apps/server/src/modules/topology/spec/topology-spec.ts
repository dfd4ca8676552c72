import { z } from 'zod';
import { configQuery, resourceSelector } from './selectors.ts';

/** canary-checker's Template: one of a CEL `expr`, a Go `template`, `javascript` or `jsonPath`. */
export const templateSpec = z
  .object({
    expr: z.string().optional(),
    template: z.string().optional(),
    javascript: z.string().optional(),
    jsonPath: z.string().optional(),
  })
  .loose();
export type TemplateSpec = z.infer<typeof templateSpec>;

/**
 * A lookup is a canary spec (`http: […]`, `exec: […]`, `catalog: […]` …) whose results a
 * `display` expression turns into components or properties. Its entries are checked against
 * the check types when the topology runs, so that errors land in job history.
 */
export const lookupSpec = z
  .record(z.string(), z.unknown())
  .describe('A canary spec whose check results `display` turns into components or properties');
export type LookupSpec = z.infer<typeof lookupSpec>;

export const propertyTypes = ['url', 'currency', 'text', 'hidden'] as const;

const link = z
  .object({
    label: z.string().optional(),
    url: z.string().optional(),
    type: z.string().optional(),
    icon: z.string().optional(),
    text: z.string().optional(),
    tooltip: z.string().optional(),
  })
  .loose();

export const propertySpec = z
  .object({
    name: z.string().optional(),
    label: z.string().optional(),
    tooltip: z.string().optional(),
    icon: z.string().optional(),
    text: z.string().optional(),
    order: z.number().int().optional(),
    headline: z.boolean().optional(),
    type: z.enum(propertyTypes, { error: 'must be one of url, currency, text, hidden' }).optional(),
    color: z.string().optional(),
    hidden: z.boolean().optional(),
    unit: z.string().optional(),
    value: z.number().optional(),
    max: z.number().optional(),
    min: z.number().optional(),
    status: z.string().optional(),
    lastTransition: z.string().optional(),
    links: z.array(link).optional(),
    lookup: lookupSpec.optional(),
    configLookup: z
      .object({
        id: z.string().optional(),
        config: configQuery.optional(),
        field: z.string().optional(),
        display: templateSpec.optional(),
      })
      .loose()
      .optional(),
    summary: templateSpec.optional(),
  })
  .loose();
export type PropertySpec = z.infer<typeof propertySpec>;

const componentCheck = z
  .object({ selector: resourceSelector.optional(), inline: lookupSpec.optional() })
  .loose();

const health = z.enum(['healthy', 'unhealthy', 'warning', 'unknown'], {
  error: 'must be one of healthy, unhealthy, warning, unknown',
});

const componentFields = {
  name: z.string().optional(),
  namespace: z.string().optional(),
  tooltip: z.string().optional(),
  icon: z.string().optional(),
  owner: z.string().optional().describe('The name of the team that owns the component'),
  /** Teams (by name) that own the component besides `owner`: a Vigil extension. */
  teams: z.array(z.string()).optional(),
  text: z.string().optional(),
  description: z.string().optional(),
  externalID: z.string().optional(),
  id: templateSpec.optional(),
  order: z.number().int().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  hidden: z.boolean().optional(),
  type: z.string().optional(),
  lifecycle: z.string().optional(),
  properties: z.array(propertySpec).optional(),
  lookup: lookupSpec.optional(),
  selectors: z.array(resourceSelector).optional(),
  checks: z.array(componentCheck).optional(),
  configs: z.array(configQuery).optional(),
  logs: z.array(z.record(z.string(), z.unknown())).optional(),
  parentLookup: z
    .object({
      name: z.string().optional(),
      namespace: z.string().optional(),
      type: z.string().optional(),
      externalID: z.string().optional(),
    })
    .loose()
    .optional(),
  statusExpr: z.string().optional(),
  healthExpr: z.string().optional(),
  health: health.optional(),
  /** Lookups answer with a status (duty's component JSON); read as the component's own health. */
  status: z.string().optional(),
  status_reason: z.string().optional(),
  configID: z.string().optional(),
};

/** The fields a component spec may have: ours and canary-checker's that a run does not read. */
export const componentFieldNames: ReadonlySet<string> = new Set([
  ...Object.keys(componentFields),
  'components',
  'forEach',
  'relationships',
  'summary',
]);

export interface ComponentSpec extends z.infer<z.ZodObject<typeof componentFields>> {
  components?: ComponentSpec[] | undefined;
  forEach?: ForEachSpec | undefined;
  [key: string]: unknown;
}

export interface ForEachSpec {
  components?: ComponentSpec[] | undefined;
  properties?: PropertySpec[] | undefined;
  configs?: z.infer<typeof configQuery>[] | undefined;
  selectors?: z.infer<typeof resourceSelector>[] | undefined;
  checks?: z.infer<typeof componentCheck>[] | undefined;
  [key: string]: unknown;
}

export const componentSpec: z.ZodType<ComponentSpec> = z.lazy(() =>
  z
    .object({
      ...componentFields,
      components: z.array(componentSpec).optional(),
      forEach: forEachSpec.optional(),
    })
    .loose(),
);

const forEachSpec: z.ZodType<ForEachSpec> = z.lazy(() =>
  z
    .object({
      components: z.array(componentSpec).optional(),
      properties: z.array(propertySpec).optional(),
      configs: z.array(configQuery).optional(),
      selectors: z.array(resourceSelector).optional(),
      checks: z.array(componentCheck).optional(),
    })
    .loose(),
);

/**
 * The `spec` of canary-checker's Topology. Unknown fields pass and are ignored, as the
 * Kubernetes decoding of the upstream controller does, so its documents apply unchanged.
 */
export const topologySpec = z
  .object({
    type: z.string().optional(),
    id: templateSpec.optional(),
    schedule: z
      .string()
      .optional()
      .describe('When it runs: @every 5m, @hourly or a cron expression; 5m by default'),
    tooltip: z.string().optional(),
    icon: z.string().optional(),
    text: z.string().optional(),
    label: z.string().optional(),
    owner: z.string().optional(),
    components: z.array(componentSpec).optional(),
    healthExpr: z.string().optional(),
    statusExpr: z.string().optional(),
    properties: z.array(propertySpec).optional(),
    configs: z.array(configQuery).optional(),
    groupBy: z
      .object({ tag: z.string().optional(), selector: resourceSelector.optional() })
      .loose()
      .optional(),
    push: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type TopologySpec = z.infer<typeof topologySpec>;

export const topologyMetadata = z
  .object({
    name: z.string().min(1, 'is required'),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  })
  .loose();

/** A whole `Topology` document, as kubectl and `vigil apply` send it. */
export const topologyResource = z.object({
  apiVersion: z.literal('canaries.flanksource.com/v1'),
  kind: z.literal('Topology'),
  metadata: topologyMetadata,
  spec: topologySpec,
});
