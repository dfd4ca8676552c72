import { z } from 'zod';
import { catalogTimeSchema } from './catalog-since.ts';

/** Severities from worst to mildest: a severity filter keeps that one and every worse one. */
export const changeSeverityRanks = {
  critical: 6,
  blocker: 6,
  high: 5,
  medium: 4,
  warning: 3,
  low: 2,
  info: 1,
} as const;

export const changeSeveritySchema = z.enum(
  ['critical', 'blocker', 'high', 'medium', 'warning', 'low', 'info'],
  { error: 'must be one of critical, blocker, high, medium, warning, low, info' },
);

export const changeSortColumns = [
  'name',
  'change_type',
  'summary',
  'source',
  'severity',
  'created_at',
  'count',
] as const;

const sortPattern = new RegExp(`^-?(${changeSortColumns.join('|')})$`);

export const changeRecursionSchema = z.enum(['all', 'upstream', 'downstream', 'none'], {
  error: 'must be one of all, upstream, downstream, none',
});

/** Page size and depth defaults of the changes search (spec §9). */
export const changeSearchDefaults = { page: 1, pageSize: 200, depth: 5, from: 'now-2d' } as const;

/**
 * The body of `POST /api/catalog/changes` (duty's CatalogChangesSearchRequest). Text filters are
 * tri-state (`a,!b,c*`); `tags` is `key=value,!key=value`.
 */
export const catalogChangesRequestSchema = z.strictObject({
  id: z.uuid({ error: 'must be a config id' }).optional(),
  config_type: z.string().max(1000).optional(),
  type: z.string().max(1000).optional(),
  created_by: z.string().max(500).optional(),
  summary: z.string().max(1000).optional(),
  source: z.string().max(1000).optional(),
  from: catalogTimeSchema.optional(),
  to: catalogTimeSchema.optional(),
  severity: changeSeveritySchema.optional(),
  page: z.int({ error: 'must be a whole number' }).min(1).max(100_000).optional(),
  page_size: z.int({ error: 'must be a whole number' }).min(1).max(1000).optional(),
  sort_by: z
    .string()
    .regex(sortPattern, {
      error: `must be one of ${changeSortColumns.join(', ')} (- for descending)`,
    })
    .optional(),
  tags: z.string().max(1000).optional(),
  recursive: changeRecursionSchema.optional(),
  depth: z.int({ error: 'must be a whole number' }).min(0).max(10).optional(),
  include_deleted_configs: z.boolean({ error: 'must be true or false' }).optional(),
});

export type CatalogChangesRequest = z.infer<typeof catalogChangesRequestSchema>;

export const catalogChangeRowSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  config_class: z.string().nullable(),
  deleted_at: z.string().nullable(),
  tags: z.record(z.string(), z.unknown()).nullable(),
  change_type: z.string(),
  severity: z.string().nullable(),
  source: z.string().nullable(),
  summary: z.string().nullable(),
  count: z.number(),
  first_observed: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  external_created_by: z.string().nullable(),
  agent_id: z.string().nullable(),
  path: z.string().nullable(),
});

export type CatalogChangeRow = z.infer<typeof catalogChangeRowSchema>;

export const catalogChangesResponseSchema = z.object({
  summary: z.record(z.string(), z.number()),
  total: z.number(),
  changes: z.array(catalogChangeRowSchema),
});

export type CatalogChangesResponse = z.infer<typeof catalogChangesResponseSchema>;
