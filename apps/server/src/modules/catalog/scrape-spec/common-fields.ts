import { z } from 'zod';
import { transformSpec } from './transform.ts';

/** A value written literally, or as a JSONPath over the scraped document when it starts `$`. */
const valueOrPath = z.string();

const property = z
  .object({
    name: z.string().optional(),
    label: z.string().optional(),
    tooltip: z.string().optional(),
    icon: z.string().optional(),
    type: z.string().optional(),
    color: z.string().optional(),
    order: z.number().optional(),
    headline: z.boolean().optional(),
    hidden: z.boolean().optional(),
    text: z.string().optional(),
    value: z.unknown().optional(),
    unit: z.string().optional(),
    max: z.number().optional(),
    min: z.number().optional(),
    status: z.string().optional(),
    lastTransition: z.string().optional(),
    links: z.array(z.record(z.string(), z.unknown())).optional(),
    filter: z.string().optional().describe('CEL over `config`: which items get the property'),
  })
  .strict();

/** config-db's BaseScraper: the fields every scraper type shares. */
export const commonScraperFields = {
  id: valueOrPath.optional().describe('External id: a literal, or a JSONPath such as $.id'),
  name: valueOrPath.optional().describe('Name: a literal, or a JSONPath'),
  description: valueOrPath.optional(),
  items: z.string().optional().describe('JSONPath selecting the items inside each document'),
  type: valueOrPath.optional().describe('Config type, e.g. Postgres::Database, or a JSONPath'),
  class: valueOrPath.optional().describe('Config class (kind); the type when unset'),
  format: z.string().optional(),
  status: valueOrPath.optional(),
  health: valueOrPath.optional(),
  timestampFormat: z.string().optional(),
  createFields: z.array(z.string()).optional().describe('JSONPaths tried for the creation time'),
  deleteFields: z.array(z.string()).optional().describe('JSONPaths tried for the deletion time'),
  transform: transformSpec.optional(),
  labels: z.record(z.string(), z.string()).optional(),
  // config-db writes tags as a map, or as a list of {name, value} (a JSONPath value allowed).
  tags: z
    .union([
      z.record(z.string(), z.string()),
      z.array(z.object({ name: z.string(), value: z.string().optional() }).loose()),
    ])
    .optional(),
  properties: z.array(property).optional(),
};

/** The shared fields of any entry, its own fields dropped. */
export const commonScraperEntry = z.object(commonScraperFields);
export type CommonScraperEntry = z.infer<typeof commonScraperEntry>;

/** One entry of a scraper type: the shared fields and the type's own, unknown keys refused. */
export function scraperEntry<T extends z.ZodRawShape>(own: T) {
  return z.object({ ...commonScraperFields, ...own }).strict();
}
