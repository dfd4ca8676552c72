import { z } from 'zod';
import { commonCheckFields, defineCheckType } from './check-type.ts';

/** duty's ResourceSelector, the fields canary-checker's catalog fixtures and docs use. */
const resourceSelector = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    agent: z.string().optional(),
    scope: z.string().optional(),
    cache: z.string().optional(),
    search: z.string().optional(),
    types: z.array(z.string()).optional(),
    statuses: z.array(z.string()).optional(),
    healths: z.array(z.string()).optional(),
    tagSelector: z.string().optional(),
    labelSelector: z.string().optional(),
    fieldSelector: z.string().optional(),
    includeDeleted: z.boolean().optional(),
    limit: z.number().int().positive().optional(),
  })
  .strict();

const catalogCheck = z
  .object({
    ...commonCheckFields,
    selector: z.array(resourceSelector).min(1, 'needs at least one selector'),
  })
  .strict();

/** What every run of a catalog check says until the catalog engine exists. */
export const catalogPendingMessage =
  'catalog checks wait for the catalog engine, which this installation does not have yet: ' +
  'there are no config items to select';

/**
 * `spec.catalog[]`: selects config items with `selector`. Accepted and stored now, so that
 * canary-checker specs apply unchanged; each run records the wait as an invalid result (not a
 * failure of the items) until the catalog engine lands, when `results` will be the items.
 */
export const catalogCheckType = defineCheckType({
  type: 'catalog',
  schema: catalogCheck,
  endpoint: (check) => check.selector.map((s) => s.types?.join(',') ?? s.name ?? '*').join(';'),
  // `results` is there, empty, so that a display written for canary-checker still evaluates.
  run: () =>
    Promise.resolve({
      pass: false,
      invalid: true,
      error: catalogPendingMessage,
      data: { results: [] },
    }),
});
