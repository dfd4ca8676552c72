import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** Which live checks another area selects; every set field must match. */
export interface CheckQuery {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly namespace?: string;
  readonly types?: readonly string[];
  readonly labels?: Readonly<Record<string, string>>;
}

const checkRow = z.object({
  id: z.string(),
  canary_id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
});
export type SelectedCheck = z.infer<typeof checkRow>;

/** Live checks matching the query, at most 2000, e.g. for a topology's `checks[].selector`. */
export async function selectChecks(db: Queryable, query: CheckQuery): Promise<SelectedCheck[]> {
  const where = ['deleted_at is null'];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.ids?.length) where.push(`id = any(${bind(query.ids)}::uuid[])`);
  if (query.name) where.push(`name = ${bind(query.name)}`);
  if (query.namespace) where.push(`namespace = ${bind(query.namespace)}`);
  if (query.types?.length) where.push(`type = any(${bind(query.types)}::text[])`);
  if (query.labels && Object.keys(query.labels).length > 0) {
    where.push(`labels @> ${bind(JSON.stringify(query.labels))}::jsonb`);
  }
  const found = await db.query(
    `select id, canary_id, name, status from checks where ${where.join(' and ')}
      order by name, id limit 2000`,
    values,
  );
  return z.array(checkRow).parse(found.rows);
}
