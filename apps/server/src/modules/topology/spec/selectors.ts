import { z } from 'zod';

const stringList = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

/** duty's ResourceSelector: picks checks, configs or components by name, type, labels and tags. */
export const resourceSelector = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    agent: z.string().optional(),
    scope: z.string().optional(),
    search: z.string().optional(),
    types: stringList.optional(),
    statuses: stringList.optional(),
    healths: stringList.optional(),
    labelSelector: z.string().optional().describe('key=value pairs, comma separated'),
    tagSelector: z.string().optional().describe('key=value pairs, comma separated'),
    fieldSelector: z.string().optional(),
  })
  .loose();
export type ResourceSelector = z.infer<typeof resourceSelector>;

/** duty's ConfigQuery: which catalog items a component relates to. */
export const configQuery = z
  .object({
    id: z.union([z.string(), stringList]).optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    type: z.string().optional(),
    types: stringList.optional(),
    class: z.string().optional(),
    external_id: z.string().optional(),
    tags: stringMap.optional(),
    labels: stringMap.optional(),
  })
  .loose();
export type ConfigQuery = z.infer<typeof configQuery>;

/** Parses `a=b,c=d` (label and tag selectors) into a map; `a` alone means any value. */
export function parseSelectorPairs(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const at = trimmed.indexOf('=');
    if (at < 0) continue;
    pairs[trimmed.slice(0, at).trim()] = trimmed
      .slice(at + 1)
      .replace(/^=/, '')
      .trim();
  }
  return pairs;
}
