import { z } from 'zod';

/** The kinds of thing the console's search finds; each area's module contributes some. */
export const searchKinds = [
  'check',
  'canary',
  'connection',
  'person',
  'agent',
  'notification',
  'config',
  'component',
  'playbook',
] as const;
export const searchKindSchema = z.enum(searchKinds);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchLimitMax = 50;

/** GET /api/search?q=&limit=: q is what the user typed, trimmed. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(searchLimitMax).default(20),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One result. `rank` orders results across areas: 0 exact name, 1 name starts with the text,
 * 2 a word of the name starts with it, 3 the text is elsewhere in the name or the subtitle.
 */
export const searchHitSchema = z.object({
  kind: searchKindSchema,
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  href: z.string(),
  rank: z.number().int(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchHitSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
