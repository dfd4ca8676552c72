import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { copyIntoStage } from './copy.repository.ts';
import { itemColumns } from './item-rows.ts';

const healthSchema = z.enum(['healthy', 'unhealthy', 'warning', 'unknown']);

const storedItemRow = z.object({
  id: z.string(),
  type: z.string(),
  external_id: z.array(z.string()).nullable(),
  config_hash: z.string().nullable(),
  health: healthSchema.nullable(),
  deleted: z.boolean(),
  path: z.string().nullable(),
});
export type StoredItem = z.infer<typeof storedItemRow>;

/**
 * Every item of the agent with one of the given types (live or soft-deleted), narrow columns
 * only: change detection matches a whole scrape against it in memory. One sequential read
 * beats a GIN probe per external id by far once a scrape has thousands of items.
 */
export async function loadAgentItems(
  client: Queryable,
  agentId: string,
  types: readonly string[],
): Promise<StoredItem[]> {
  if (types.length === 0) return [];
  const result = await client.query(
    `select id, type, external_id, config_hash, health, deleted_at is not null as deleted, path
       from config_items
      where agent_id = $1 and type = any($2::text[])`,
    [agentId, types],
  );
  return z.array(storedItemRow).parse(result.rows);
}

/**
 * The agent's items of the given types that carry any of the given external ids (primary or
 * alias): one GIN probe per id, for references to items outside the scrape.
 */
export async function findItems(
  client: Queryable,
  agentId: string,
  types: readonly string[],
  externalIds: readonly string[],
): Promise<StoredItem[]> {
  if (externalIds.length === 0) return [];
  const result = await client.query(
    `select distinct ci.id, ci.type, ci.external_id, ci.config_hash, ci.health,
            ci.deleted_at is not null as deleted, ci.path
       from unnest($2::text[]) as wanted(external_id)
       join config_items ci on ci.external_id @> array[wanted.external_id]
      where ci.agent_id = $1 and ci.type = any($3::text[])`,
    [agentId, externalIds, types],
  );
  return z.array(storedItemRow).parse(result.rows);
}

/** The stored documents of the given items, by id. */
export async function loadConfigs(
  client: Queryable,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  if (ids.length === 0) return new Map();
  const result = await client.query(
    'select id, config from config_items where id = any($1::uuid[])',
    [ids],
  );
  const rows = z.array(z.object({ id: z.string(), config: z.unknown() })).parse(result.rows);
  return new Map(rows.map((row) => [row.id, row.config]));
}

/** The staging table of item rows: config_items' columns of itemColumns, same order. */
const itemStageDefinition = `id uuid, scraper_id uuid, agent_id uuid, name text, namespace text, type text,
  config_class text, external_id text[], status text, health text, ready boolean,
  description text, config jsonb, labels jsonb, tags jsonb, properties jsonb, parent_id uuid,
  path text, cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric,
  cost_total_30d numeric, created_at timestamptz, deleted_at timestamptz, delete_reason text,
  config_hash text`;

/**
 * Writes one batch of new and changed items (COPY lines of itemCopyLine): staged with COPY,
 * then one INSERT … ON CONFLICT. A changed item keeps its type, agent and created_at.
 */
export async function writeItems(client: Queryable, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  await copyIntoStage(client, 'config_items_stage', itemStageDefinition, itemColumns, lines);
  const columns = itemColumns.join(', ');
  await client.query(
    `insert into config_items as ci (${columns})
     select ${columns} from config_items_stage
     on conflict (id) do update
        set scraper_id = excluded.scraper_id, name = excluded.name,
            namespace = excluded.namespace, config_class = excluded.config_class,
            external_id = excluded.external_id, status = excluded.status,
            health = excluded.health, ready = excluded.ready,
            description = excluded.description, config = excluded.config,
            labels = excluded.labels, tags = excluded.tags, properties = excluded.properties,
            parent_id = excluded.parent_id, path = excluded.path,
            cost_per_minute = excluded.cost_per_minute, cost_total_1d = excluded.cost_total_1d,
            cost_total_7d = excluded.cost_total_7d, cost_total_30d = excluded.cost_total_30d,
            deleted_at = excluded.deleted_at, delete_reason = excluded.delete_reason,
            config_hash = excluded.config_hash`,
  );
}

/** The only write an unchanged item costs. */
export async function touchLastScraped(
  client: Queryable,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `insert into config_items_last_scraped_time (config_id, last_scraped_time)
     select id, $2 from unnest($1::uuid[]) as id
     on conflict (config_id) do update set last_scraped_time = excluded.last_scraped_time`,
    [ids, at],
  );
}

/**
 * Alias relationships: live items of the same agent that share an external id with one of
 * `ids` (e.g. a Kubernetes node and the EC2 instance it runs on) are linked, both ways,
 * under `selector`. Called for items that carry aliases.
 */
export async function linkAliases(
  client: Queryable,
  ids: readonly string[],
  selector: string,
): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `with pairs as (
       select ci.id as a, other.id as b
         from config_items ci
         join config_items other
           on other.external_id && ci.external_id and other.id <> ci.id
          and other.agent_id = ci.agent_id and other.deleted_at is null
        where ci.id = any($1::uuid[])
     )
     insert into config_relationships (config_id, related_id, relation, selector_id)
     select distinct config_id, related_id, 'alias', $2
       from (select a as config_id, b as related_id from pairs
             union select b, a from pairs) both_ways
     on conflict (config_id, related_id, selector_id) do update set deleted_at = null
       where config_relationships.deleted_at is not null`,
    [ids, selector],
  );
}
