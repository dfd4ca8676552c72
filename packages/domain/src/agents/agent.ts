import { z } from 'zod';

/** An agent is Online when it was last seen within this many milliseconds (spec 000 §9). */
export const agentOnlineThresholdMs = 61_000;

export type AgentStatus = 'Online' | 'Offline';

/** Online or Offline from last_seen (spec 000 §4); never seen counts as Offline. */
export function agentStatus(lastSeen: Date | string | null | undefined, now: number): AgentStatus {
  if (lastSeen === null || lastSeen === undefined) return 'Offline';
  const seen = typeof lastSeen === 'string' ? Date.parse(lastSeen) : lastSeen.getTime();
  return Number.isFinite(seen) && now - seen <= agentOnlineThresholdMs ? 'Online' : 'Offline';
}

/** Rows per page on the agents list (spec 000 §9). */
export const agentPageSizes = [50, 100, 200] as const;

/** Kubernetes scrape interval choices for an agent, default 30m (spec 000 §9). */
export const agentScrapeIntervals = [
  '1m',
  '5m',
  '10m',
  '30m',
  '1h',
  '2h',
  '6h',
  '12h',
  '24h',
] as const;

export const agentKubernetesSchema = z.strictObject({
  enabled: z.boolean().default(false),
  interval: z
    .enum(agentScrapeIntervals, {
      error: `interval must be one of ${agentScrapeIntervals.join(', ')}`,
    })
    .default('30m'),
  exclusions: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
});
export type AgentKubernetes = z.infer<typeof agentKubernetesSchema>;

/** Labels added to every resource the agent creates. */
export const agentPropertiesSchema = z
  .record(z.string().trim().min(1).max(63), z.string().max(255))
  .refine((labels) => Object.keys(labels).length <= 50, 'at most 50 properties');

/**
 * Required (spec 000 §5). The spec names no format, so any printable text is allowed; it is
 * trimmed so that 'edge' and 'edge ' cannot both exist.
 */
export const agentNameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(255, 'name must be at most 255 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'name must not contain control characters');

export const agentDescriptionSchema = z.string().max(4096).nullable();

/**
 * POST /api/agent/generate. `created_by_config` or `created_by_component` names the catalog
 * item or component the agent is created from (its Created By link); at most one.
 */
export const agentCreateSchema = z
  .strictObject({
    name: agentNameSchema,
    description: agentDescriptionSchema.optional(),
    properties: agentPropertiesSchema.default({}),
    kubernetes: agentKubernetesSchema.default({ enabled: false, interval: '30m', exclusions: [] }),
    created_by_config: z.uuid('created_by_config must be a catalog item id').optional(),
    created_by_component: z.uuid('created_by_component must be a component id').optional(),
  })
  .refine(
    (agent) => agent.created_by_config === undefined || agent.created_by_component === undefined,
    'an agent is created by one catalog item or one component, not both',
  );
export type AgentCreate = z.infer<typeof agentCreateSchema>;

/** The answer of POST /api/agent/generate: the only time the token is shown. */
export const agentCreatedSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  access_token: z.string(),
});
export type AgentCreated = z.infer<typeof agentCreatedSchema>;

/**
 * PATCH /agents?id=eq.{id}. The name may be sent but not changed; deleted_at soft-deletes, and
 * cleanup (only with deleted_at) also removes what the agent created.
 */
export const agentPatchSchema = z.strictObject({
  name: agentNameSchema.optional(),
  description: agentDescriptionSchema.optional(),
  properties: agentPropertiesSchema.optional(),
  kubernetes: agentKubernetesSchema.optional(),
  deleted_at: z.iso.datetime({ offset: true, error: 'deleted_at must be a timestamp' }).optional(),
  cleanup: z.boolean().optional(),
});
export type AgentPatch = z.infer<typeof agentPatchSchema>;
