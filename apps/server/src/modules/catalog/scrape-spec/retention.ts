import { z } from 'zod';
import { parseDuration } from '../../../platform/durations.ts';

/** A config-db age: a Go duration with days and weeks (`30m`, `24h`, `7d`, `2w`). */
export const ageSpec = z.string().refine((text) => parseDuration(text) !== undefined, {
  message: 'must be a duration such as 30m, 24h, 7d or 2w',
});

/** `spec.retention` of a ScrapeConfig, as config-db writes it. */
export const retentionSpec = z
  .object({
    /** Per change type: keep changes newer than `age`, and at most `count` of them per config. */
    changes: z
      .array(
        z
          .object({
            name: z.string().min(1),
            age: ageSpec.optional(),
            count: z.number().int().positive().optional(),
          })
          .strict(),
      )
      .optional(),
    /** Per config type: purge items created, last updated or deleted longer ago than these. */
    types: z
      .array(
        z
          .object({
            name: z.string().min(1),
            createdAge: ageSpec.optional(),
            updatedAge: ageSpec.optional(),
            deletedAge: ageSpec.optional(),
          })
          .strict(),
      )
      .optional(),
    /** Items not seen by a scrape for this long are soft-deleted (default 24h). */
    staleItemAge: ageSpec.optional(),
  })
  .strict();

export type RetentionSpec = z.infer<typeof retentionSpec>;

export const defaultStaleItemAge = '24h';
