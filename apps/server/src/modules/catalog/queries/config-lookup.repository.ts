import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** Which live config items another area asks for; every set field must match. */
export interface ConfigItemQuery {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly namespace?: string;
  readonly types?: readonly string[];
  readonly configClass?: string;
  readonly externalId?: string;
  readonly tags?: Readonly<Record<string, string>>;
  readonly labels?: Readonly<Record<string, string>>;
  readonly healths?: readonly string[];
  readonly statuses?: readonly string[];
  readonly agentId?: string;
}

const itemRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  namespace: z.string().nullable(),
  type: z.string(),
  config_class: z.string().nullable(),
  status: z.string().nullable(),
  health: z.string().nullable(),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.unknown()),
  tags: z.record(z.string(), z.unknown()),
  config: z.unknown(),
  external_id: z.array(z.string()).nullable(),
});
export type ConfigItemRow = z.infer<typeof itemRow>;

/** At most this many items answer one query: a lookup is a selection, never an export. */
export const configItemQueryLimit = 2000;

/** The where clause of a query, its values bound in `values`. */
function whereOf(query: ConfigItemQuery, values: unknown[]): string {
  const where = ['deleted_at is null'];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.ids?.length) where.push(`id = any(${bind(query.ids)}::uuid[])`);
  if (query.name) where.push(`name = ${bind(query.name)}`);
  if (query.namespace) where.push(`namespace = ${bind(query.namespace)}`);
  if (query.types?.length) where.push(`type = any(${bind(query.types)}::text[])`);
  if (query.configClass) where.push(`config_class = ${bind(query.configClass)}`);
  if (query.externalId) where.push(`${bind(query.externalId)} = any(external_id)`);
  if (query.tags && Object.keys(query.tags).length > 0) {
    where.push(`tags @> ${bind(JSON.stringify(query.tags))}::jsonb`);
  }
  if (query.labels && Object.keys(query.labels).length > 0) {
    where.push(`labels @> ${bind(JSON.stringify(query.labels))}::jsonb`);
  }
  if (query.healths?.length) where.push(`health = any(${bind(query.healths)}::text[])`);
  if (query.statuses?.length) where.push(`status = any(${bind(query.statuses)}::text[])`);
  if (query.agentId) where.push(`agent_id = ${bind(query.agentId)}`);
  return where.join(' and ');
}

/** Live config items matching the query (name and types case-sensitive, as duty's). */
export async function findConfigItems(
  db: Queryable,
  query: ConfigItemQuery,
): Promise<ConfigItemRow[]> {
  const values: unknown[] = [];
  const where = whereOf(query, values);
  const found = await db.query(
    `select id, name, namespace, type, config_class, status, health, description, labels, tags,
            config, external_id
       from config_items where ${where}
      order by type, name, id limit ${configItemQueryLimit}`,
    values,
  );
  return z.array(itemRow).parse(found.rows);
}

/** The distinct values of one tag over the items a query picks (a topology's `groupBy`), sorted. */
export async function configTagValues(
  db: Queryable,
  tag: string,
  query: ConfigItemQuery,
): Promise<string[]> {
  const values: unknown[] = [tag];
  const where = whereOf(query, values);
  const found = await db.query(
    `select distinct tags ->> $1 as value from config_items
      where ${where} and tags ? $1 and tags ->> $1 <> ''
      order by 1 limit ${configItemQueryLimit}`,
    values,
  );
  return z
    .array(z.object({ value: z.string() }))
    .parse(found.rows)
    .map((row) => row.value);
}
