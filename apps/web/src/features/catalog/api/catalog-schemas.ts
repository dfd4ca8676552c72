import { z } from 'zod';

/** PostgreSQL numeric arrives as text; costs are read as numbers, absent as null. */
const numeric = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const parsed = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  });

const textMap = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) =>
    Object.fromEntries(Object.entries(value ?? {}).map(([key, v]) => [key, String(v)])),
  );

/** A row of the `configs` view as the catalog list selects it (spec 001 §3, §7). */
export const configRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string().nullish(),
  status: z.string().nullish(),
  health: z.string().nullish(),
  labels: textMap,
  tags: textMap,
  created_at: z.string(),
  updated_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  last_scraped_time: z.string().nullish(),
  cost_per_minute: numeric,
  cost_total_1d: numeric,
  cost_total_7d: numeric,
  cost_total_30d: numeric,
  changes: z.number().nullish(),
  analysis: z.record(z.string(), z.number()).nullish(),
  agent: z.object({ id: z.string(), name: z.string() }).nullish(),
});
export type ConfigRow = z.output<typeof configRowSchema>;

export const configPropertySchema = z
  .object({
    name: z.string().nullish(),
    namespace: z.string().nullish(),
    value: z.unknown().optional(),
    text: z.string().nullish(),
    headline: z.boolean().nullish(),
  })
  .loose();

/** One config with its content, for the detail page. */
export const configDetailSchema = configRowSchema.extend({
  namespace: z.string().nullish(),
  description: z.string().nullish(),
  config: z.unknown().optional(),
  properties: z.array(configPropertySchema).nullish(),
  scraper: z.object({ id: z.string(), name: z.string() }).nullish(),
});
export type ConfigDetail = z.output<typeof configDetailSchema>;

const configRef = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  deleted_at: z.string().nullish(),
});

export const configChangeSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  change_type: z.string(),
  severity: z.string().nullish(),
  source: z.string().nullish(),
  summary: z.string().nullish(),
  count: z.number().nullish(),
  first_observed: z.string().nullish(),
  created_at: z.string(),
  external_created_by: z.string().nullish(),
  created_by: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
  config: configRef.nullish(),
});
export type ConfigChange = z.output<typeof configChangeSchema>;

export const configChangeDetailSchema = configChangeSchema.extend({
  diff: z.string().nullish(),
  details: z.unknown().optional(),
  patches: z.unknown().optional(),
});
export type ConfigChangeDetail = z.output<typeof configChangeDetailSchema>;

export const configInsightSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  analyzer: z.string(),
  analysis_type: z.string(),
  severity: z.string().nullish(),
  status: z.string(),
  message: z.string().nullish(),
  summary: z.string().nullish(),
  source: z.string().nullish(),
  first_observed: z.string().nullish(),
  last_observed: z.string().nullish(),
  config: configRef.nullish(),
});
export type ConfigInsight = z.output<typeof configInsightSchema>;

export const relatedConfigSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  status: z.string().nullish(),
  health: z.string().nullish(),
  tags: textMap,
  deleted_at: z.string().nullish(),
});
export type RelatedConfig = z.output<typeof relatedConfigSchema>;

export const configRelationshipSchema = z.object({
  config_id: z.string(),
  related_id: z.string(),
  relation: z.string().nullish(),
  selector_id: z.string(),
  deleted_at: z.string().nullish(),
});
export type ConfigRelationship = z.output<typeof configRelationshipSchema>;
