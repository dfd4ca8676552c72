import { z } from 'zod';

/** A property or feature flag as `GET /api/properties` answers it, local ones included. */
export const propertySchema = z.object({
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  source: z.string().nullable(),
  /** The person who made the flag in the console, by name for the table. */
  created_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

export type Property = z.infer<typeof propertySchema>;

export const propertyListSchema = z.array(propertySchema);
