import { z } from 'zod';

/**
 * The catalog part of POST /api/agent/push: an agent's scrapers, config items, changes,
 * analysis and relationships, in config-db/duty column names. Rows carry the agent's own ids,
 * so a batch sent twice writes the same rows. Any agent_id is dropped (unknown fields are
 * ignored): the server stamps the token's agent.
 */
export const catalogPushResources = [
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
] as const;

const text = (max: number) => z.string().max(max).nullish();
const timestamp = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 timestamp' })
  .transform((value) => new Date(value));
const stringMap = z.record(z.string().max(255), z.string().max(4096));
const severity = z.enum(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']);
const cost = z.number().min(0).max(1e12).nullish();

export const pushedScraperSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(255),
  namespace: z.string().min(1).max(255).default('default'),
  description: text(4096),
  labels: stringMap.default({}),
  spec: z.record(z.string(), z.unknown()),
  source: text(1024),
  created_at: timestamp.optional(),
  deleted_at: timestamp.nullish(),
});
export type PushedScraper = z.infer<typeof pushedScraperSchema>;

export const pushedItemSchema = z.object({
  id: z.uuid(),
  scraper_id: z.uuid().nullish(),
  parent_id: z.uuid().nullish(),
  name: text(1024),
  namespace: text(255),
  type: z.string().min(1).max(255),
  config_class: text(255),
  external_id: z.array(z.string().min(1).max(1024)).max(100).nullish(),
  status: text(255),
  health: z.enum(['healthy', 'unhealthy', 'warning', 'unknown']).nullish(),
  ready: z.boolean().default(false),
  description: text(4096),
  config: z.unknown().optional(),
  labels: stringMap.default({}),
  tags: stringMap.default({}),
  properties: z.array(z.record(z.string(), z.unknown())).max(500).nullish(),
  cost_per_minute: cost,
  cost_total_1d: cost,
  cost_total_7d: cost,
  cost_total_30d: cost,
  source: text(1024),
  created_at: timestamp.optional(),
  deleted_at: timestamp.nullish(),
  delete_reason: text(255),
  last_scraped_time: timestamp.optional(),
});
export type PushedItem = z.infer<typeof pushedItemSchema>;

export const pushedChangeSchema = z.object({
  id: z.uuid(),
  config_id: z.uuid(),
  external_change_id: text(1024),
  change_type: z.string().min(1).max(255),
  severity: severity.nullish(),
  source: text(1024),
  summary: text(65_536),
  details: z.unknown().optional(),
  patches: z.unknown().optional(),
  diff: text(1_048_576),
  fingerprint: text(255),
  count: z.number().int().min(1).max(2_147_483_647).default(1),
  first_observed: timestamp.optional(),
  created_at: timestamp.optional(),
  external_created_by: text(1024),
});
export type PushedChange = z.infer<typeof pushedChangeSchema>;

export const analysisTypes = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'technicalDebt',
  'reliability',
  'recommendation',
  'other',
] as const;

export const pushedAnalysisSchema = z.object({
  id: z.uuid(),
  config_id: z.uuid(),
  analyzer: z.string().min(1).max(1024),
  analysis_type: z.enum(analysisTypes).default('other'),
  severity: severity.nullish(),
  status: z.enum(['open', 'resolved', 'silenced', 'closed']).default('open'),
  message: text(65_536),
  summary: text(65_536),
  analysis: z.unknown().optional(),
  source: text(1024),
  first_observed: timestamp.optional(),
  last_observed: timestamp.optional(),
});
export type PushedAnalysis = z.infer<typeof pushedAnalysisSchema>;

export const pushedRelationshipSchema = z
  .object({
    config_id: z.uuid(),
    related_id: z.uuid(),
    relation: text(255),
    selector_id: z.string().min(1).max(255),
    deleted_at: timestamp.nullish(),
  })
  .refine((row) => row.config_id !== row.related_id, {
    path: ['related_id'],
    message: 'must differ from config_id',
  });
export type PushedRelationship = z.infer<typeof pushedRelationshipSchema>;

/** The catalog keys of a push batch; each defaults to none. */
export const catalogPushShape = {
  config_scrapers: z.array(pushedScraperSchema).optional(),
  config_items: z.array(pushedItemSchema).optional(),
  config_changes: z.array(pushedChangeSchema).optional(),
  config_analysis: z.array(pushedAnalysisSchema).optional(),
  config_relationships: z.array(pushedRelationshipSchema).optional(),
};

export interface CatalogPush {
  readonly config_scrapers?: PushedScraper[] | undefined;
  readonly config_items?: PushedItem[] | undefined;
  readonly config_changes?: PushedChange[] | undefined;
  readonly config_analysis?: PushedAnalysis[] | undefined;
  readonly config_relationships?: PushedRelationship[] | undefined;
}

export interface CatalogPushAnswer {
  readonly accepted: Record<(typeof catalogPushResources)[number], number>;
  readonly missing: {
    /** Items whose scraper or parent the server does not have. */
    readonly config_items: string[];
    /** Changes, analysis and relationships whose config items are unknown. */
    readonly config_changes: string[];
    readonly config_analysis: Array<{ config_id: string; analyzer: string }>;
    readonly config_relationships: Array<{ config_id: string; related_id: string }>;
  };
}

/** Rows of the catalog resources in a batch. */
export function catalogRowCount(push: CatalogPush): number {
  return catalogPushResources.reduce((sum, key) => sum + (push[key]?.length ?? 0), 0);
}
