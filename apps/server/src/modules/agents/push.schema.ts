import { z } from 'zod';
import {
  catalogPushResources,
  catalogPushShape,
  type CatalogPushAnswer,
} from '../catalog/index.ts';

/**
 * POST /api/agent/push: what `vigil agent` sends. Rows carry the agent's own ids, so a batch
 * sent twice writes the same rows. Any agent_id in a row is dropped: the server stamps the
 * token's agent. Unknown fields in a row are ignored (newer agents); unknown resources are not.
 */
export const pushResources = [
  'canaries',
  'checks',
  'check_statuses',
  ...catalogPushResources,
] as const;

/** Rows per push, all resources together; `vigil agent` sends at most 500 a batch. */
export const maxPushRows = 5000;

const labels = z.record(z.string().max(255), z.string().max(1024));
const text = (max: number) => z.string().max(max).nullish();
const timestamp = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 timestamp' })
  .transform((value) => new Date(value));

export const pushedCanarySchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(255),
  namespace: z.string().min(1).max(255).default('default'),
  labels: labels.default({}),
  annotations: labels.default({}),
  spec: z.record(z.string(), z.unknown()),
  icon: text(255),
  source: text(1024),
  schedule: text(255),
  created_at: timestamp.optional(),
  deleted_at: timestamp.nullish(),
});
export type PushedCanary = z.infer<typeof pushedCanarySchema>;

export const checkSeverities = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'];

export const pushedCheckSchema = z.object({
  id: z.uuid(),
  canary_id: z.uuid(),
  type: z.string().min(1).max(64),
  name: z.string().min(1).max(255),
  namespace: z.string().min(1).max(255).default('default'),
  description: text(4096),
  icon: text(255),
  endpoint: text(2048),
  labels: labels.default({}),
  spec: z.record(z.string(), z.unknown()).default({}),
  severity: z.enum(checkSeverities).nullish(),
  owner: text(255),
  transformed: z.boolean().default(false),
  created_at: timestamp.optional(),
  deleted_at: timestamp.nullish(),
});
export type PushedCheck = z.infer<typeof pushedCheckSchema>;

export const pushedCheckStatusSchema = z.object({
  check_id: z.uuid(),
  time: timestamp,
  duration: z.number().int().min(0).max(2_147_483_647).nullish(),
  status: z.boolean(),
  invalid: z.boolean().default(false),
  error: text(65_536),
  message: text(65_536),
  detail: z.unknown().optional(),
});
export type PushedCheckStatus = z.infer<typeof pushedCheckStatusSchema>;

export const pushBatchSchema = z.strictObject(
  {
    canaries: z.array(pushedCanarySchema).default([]),
    checks: z.array(pushedCheckSchema).default([]),
    check_statuses: z.array(pushedCheckStatusSchema).default([]),
    // The catalog's resources (modules/catalog/agent-push), written after the checks.
    ...catalogPushShape,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown resource ${issue.keys.map((k) => `'${k}'`).join(', ')}: a push carries ${pushResources.join(', ')}`
        : undefined,
  },
);
export type PushBatch = z.infer<typeof pushBatchSchema>;

const counts = z.record(z.string(), z.number().int());
/** PushAnswer as /api/docs shows it and the route's serializer checks it. */
export const pushAnswerSchema = z.object({
  accepted: counts,
  missing: z.object({
    checks: z.array(z.string()),
    check_statuses: z.array(z.object({ check_id: z.string(), time: z.string() })),
    config_items: z.array(z.string()).optional(),
    config_changes: z.array(z.string()).optional(),
    config_analysis: z.array(z.object({ config_id: z.string(), analyzer: z.string() })).optional(),
    config_relationships: z
      .array(z.object({ config_id: z.string(), related_id: z.string() }))
      .optional(),
  }),
});

/**
 * What the agent must send again: rows whose parent the server does not have. The catalog's
 * counts and missing rows are added when the batch carries catalog resources.
 */
export interface PushAnswer {
  readonly accepted: { canaries: number; checks: number; check_statuses: number } & Partial<
    CatalogPushAnswer['accepted']
  >;
  readonly missing: Partial<CatalogPushAnswer['missing']> & {
    /** Checks whose canary is unknown: send the canary, then the checks again. */
    readonly checks: string[];
    /** Statuses whose check is unknown: send the check, then the statuses again. */
    readonly check_statuses: Array<{ check_id: string; time: string }>;
  };
}
