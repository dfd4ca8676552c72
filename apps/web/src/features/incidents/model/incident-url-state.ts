import { z } from 'zod';

/** The list's query parameters (spec 002 §2); status defaults to open, 'all' lifts it. */
export const incidentFiltersSchema = z.object({
  severity: z.string().optional(),
  status: z.string().default('open'),
  owner: z.string().optional(),
  type: z.string().optional(),
  component: z.string().optional(),
  search: z.string().optional(),
});
export type IncidentFilters = z.infer<typeof incidentFiltersSchema>;
