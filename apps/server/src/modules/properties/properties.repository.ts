import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const propertyRow = z.object({
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  source: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type PropertyRow = z.infer<typeof propertyRow>;

export async function listProperties(db: Queryable): Promise<PropertyRow[]> {
  const result = await db.query(
    `select p.name, p.value, p.description, p.source, p.created_by, people.name as created_by_name,
            p.created_at, p.updated_at
     from properties p left join people on people.id = p.created_by order by p.name`,
  );
  return result.rows.map((row) => propertyRow.parse(row));
}
