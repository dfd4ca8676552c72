import { z } from 'zod';
import { catalogTimeSchema } from './catalog-since.ts';

/** A group key: `type`, `config_class`, or a tag key (letters, digits, `_ . / -`). */
export const summaryGroupKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_./-]{1,63}$/, { error: 'must be type, config_class or a tag key' });

/** Cost windows a summary can total (the item's cost_total_<window> columns). */
export const summaryCostWindows = ['1d', '7d', '30d'] as const;

/**
 * The body of `POST /api/catalog/summary` (duty's ConfigSummaryRequest). `filter` maps label keys
 * to tri-state values (`a,!b`); `health` and `status` are tri-state (`healthy,!unknown`).
 */
export const catalogSummaryRequestSchema = z.strictObject({
  groupBy: z.array(summaryGroupKeySchema).min(1).max(5).optional(),
  filter: z
    .record(z.string().min(1).max(253), z.string().max(1000), {
      error: 'must map label keys to text values',
    })
    .optional(),
  tags: z.array(summaryGroupKeySchema).max(5).optional(),
  health: z.string().max(200).optional(),
  status: z.string().max(200).optional(),
  changes: z.strictObject({ since: catalogTimeSchema.optional() }).optional(),
  analysis: z.strictObject({ since: catalogTimeSchema.optional() }).optional(),
  cost: z.enum(summaryCostWindows, { error: 'must be one of 1d, 7d, 30d' }).optional(),
  deleted: z.boolean({ error: 'must be true or false' }).optional(),
});

export type CatalogSummaryRequest = z.infer<typeof catalogSummaryRequestSchema>;

const countMapSchema = z.record(z.string(), z.number());

/** One summary row: its group values (type, config_class or tag keys) and the counts. */
export const catalogSummaryRowSchema = z.looseObject({
  count: z.number(),
  health: countMapSchema,
  analysis: countMapSchema,
  changes: z.number(),
  cost_total_30d: z.number().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

export type CatalogSummaryRow = z.infer<typeof catalogSummaryRowSchema>;

export const catalogSummaryResponseSchema = z.array(catalogSummaryRowSchema);
