import { z } from 'zod';

/** The relationships tab's query string (spec 001 §2 Relationships). */
export const relationshipsUrlSchema = z.object({
  view: z.enum(['table', 'graph']).optional(),
  direction: z.enum(['TB', 'LR']).optional(),
  edges: z.enum(['smoothstep', 'bezier', 'straight']).optional(),
  type_filter: z.enum(['incoming', 'outgoing', 'all']).optional(),
  configTypes: z.string().optional(),
  hideDeleted: z.enum(['true', 'false']).optional(),
  relation: z.enum(['hard', 'both']).optional(),
  status: z.string().optional(),
  health: z.string().optional(),
});
export type RelationshipsUrlState = z.output<typeof relationshipsUrlSchema>;

export const relatedMaxDepth = 10;
