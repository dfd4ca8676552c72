import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const propertyRow = z.object({
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  source: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type PropertyRow = z.infer<typeof propertyRow>;

export async function listProperties(db: Queryable): Promise<PropertyRow[]> {
  const result = await db.query(
    'select name, value, description, source, created_by, created_at, updated_at from properties order by name',
  );
  return result.rows.map((row) => propertyRow.parse(row));
}
