import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { RelationshipSelector } from './relationship-selector.ts';

export type TargetKind = 'components' | 'configs';

/** The tables of each kind, and the columns duty's query models read for the selector. */
const tables = {
  components: {
    items: 'components',
    links: 'check_component_relationships',
    target: 'component_id',
    namespace: 'namespace',
    externalId: (bound: string) => `external_id = ${bound}`,
    scope: 'topology_id',
    scopes: `select id from topologies where namespace = $1 and name = $2 and deleted_at is null`,
  },
  configs: {
    items: 'config_items',
    links: 'check_config_relationships',
    target: 'config_id',
    // duty reads a config's namespace from its `namespace` tag.
    namespace: `coalesce(tags ->> 'namespace', namespace)`,
    externalId: (bound: string) => `${bound} = any(external_id)`,
    scope: 'scraper_id',
    scopes: `select id from config_scrapers where namespace = $1 and name = $2 and deleted_at is null`,
  },
} as const;

const localAgent = '00000000-0000-0000-0000-000000000000';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A selector can pick many items, but a link set is not an export. */
export const maxLinkedPerSelector = 5000;
const idRows = z.array(z.object({ id: z.string() }));

/**
 * duty's filter values for name, namespace and type: comma-separated alternatives, each may
 * start or end with `*` (prefix, suffix, contains) or start with `!` (excluded).
 */
function filterClause(column: string, value: string, bind: (v: unknown) => string): string {
  const included: string[] = [];
  const excluded: string[] = [];
  for (const raw of value.split(',')) {
    const negated = raw.startsWith('!');
    const item = negated ? raw.slice(1) : raw;
    const starts = item.startsWith('*');
    const ends = item.endsWith('*') && item.length > 1;
    const core = item.replace(/^\*/, '').replace(/\*$/, '');
    const like = core.replace(/[\\%_]/g, (c) => `\\${c}`);
    const term =
      starts || ends
        ? `${column} like ${bind(`${starts ? '%' : ''}${like}${ends ? '%' : ''}`)}`
        : `${column} = ${bind(core)}`;
    (negated ? excluded : included).push(term);
  }
  const clauses = [];
  if (included.length > 0) clauses.push(`(${included.join(' or ')})`);
  for (const term of excluded) clauses.push(`not coalesce(${term}, false)`);
  return clauses.join(' and ');
}

/**
 * The live items a selector picks, as duty's `FindComponentIDs` / `FindConfigIDsByResource
 * Selector` do: an empty agent is this installation, `all` any agent.
 */
export async function findTargetIds(
  db: Queryable,
  kind: TargetKind,
  selector: RelationshipSelector,
): Promise<string[]> {
  const table = tables[kind];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['deleted_at is null'];
  if (selector.id !== undefined) {
    if (!uuid.test(selector.id)) return [];
    where.push(`id = ${bind(selector.id)}::uuid`);
  }
  if (selector.name !== undefined) where.push(filterClause('name', selector.name, bind));
  if (selector.namespace !== undefined) {
    where.push(filterClause(table.namespace, selector.namespace, bind));
  }
  if (selector.type !== undefined) where.push(filterClause('type', selector.type, bind));
  if (selector.external_id !== undefined) where.push(table.externalId(bind(selector.external_id)));
  if (selector.labels && Object.keys(selector.labels).length > 0) {
    where.push(`labels @> ${bind(JSON.stringify(selector.labels))}::jsonb`);
  }
  const agent = selector.agent ?? '';
  if (agent === '' || uuid.test(agent)) {
    where.push(`agent_id = ${bind(agent === '' ? localAgent : agent)}::uuid`);
  } else if (agent !== 'all') {
    where.push(`agent_id in (select id from agents where name = ${bind(agent)})`);
  }
  if (selector.scope !== undefined) {
    const scope = await scopeId(db, kind, selector.scope);
    if (scope === undefined) return [];
    where.push(`${table.scope} = ${bind(scope)}::uuid`);
  }
  const found = await db.query(
    `select id from ${table.items} where ${where.join(' and ')} limit ${maxLinkedPerSelector}`,
    values,
  );
  return idRows.parse(found.rows).map((row) => row.id);
}

/** duty's scope: an id, or `namespace/name` of the scraper (configs) or topology (components). */
async function scopeId(
  db: Queryable,
  kind: TargetKind,
  scope: string,
): Promise<string | undefined> {
  if (uuid.test(scope)) return scope;
  const parts = scope.split('/');
  if (parts.length !== 2) return undefined;
  const found = await db.query(tables[kind].scopes, parts);
  const rows = idRows.parse(found.rows);
  return rows.length === 1 ? rows[0]?.id : undefined;
}

export interface CheckLinks {
  readonly canaryId: string;
  readonly checkId: string;
  readonly links: ReadonlyArray<{ readonly targetId: string; readonly selectorId: string }>;
}

/** Selector ids this sync owns: canary-checker's MD5s, never `manual` nor a topology's. */
const ownedSelector = `selector_id ~ '^[0-9a-f]{32}$'`;

/**
 * Stores a check's links of one kind as its lookups found them this run: found links are
 * (re)created live, and the check's lookup links not found any more are deleted.
 */
export async function syncCheckLinks(
  db: Queryable,
  kind: TargetKind,
  { canaryId, checkId, links }: CheckLinks,
): Promise<void> {
  const { links: table, target } = tables[kind];
  const targets = links.map((l) => l.targetId);
  const selectors = links.map((l) => l.selectorId);
  await db.query(
    `delete from ${table} r
      where r.check_id = $1 and r.canary_id = $2 and r.${ownedSelector}
        and not exists (select 1 from unnest($3::uuid[], $4::text[]) as l(target, selector_id)
                         where l.target = r.${target} and l.selector_id = r.selector_id)`,
    [checkId, canaryId, targets, selectors],
  );
  if (links.length === 0) return;
  await db.query(
    `insert into ${table} as r (check_id, ${target}, canary_id, selector_id)
     select $1, l.target, $2, l.selector_id
       from unnest($3::uuid[], $4::text[]) as l(target, selector_id)
     on conflict (check_id, ${target}, selector_id) do update
       set deleted_at = null, canary_id = excluded.canary_id
       where r.deleted_at is not null or r.canary_id is distinct from excluded.canary_id`,
    [checkId, canaryId, targets, selectors],
  );
}

/**
 * After a canary is saved: its checks' lookup links of a kind its spec no longer declares
 * (for a transformed check: its parent's spec) are deleted; runs keep the rest current.
 */
export async function pruneUndeclaredLinks(db: Queryable, canaryId: string): Promise<void> {
  for (const kind of ['components', 'configs'] as const) {
    await db.query(
      `delete from ${tables[kind].links} r using checks k
        where r.check_id = k.id and k.canary_id = $1 and r.${ownedSelector}
          and jsonb_array_length(coalesce((
            select p.spec -> 'relationships' -> '${kind}' from checks p
             where p.canary_id = k.canary_id and p.deleted_at is null and not p.transformed
               and p.type = k.type and p.name = coalesce(k.spec ->> 'transformedFrom', k.name)
             limit 1), '[]'::jsonb)) = 0`,
      [canaryId],
    );
  }
}

/** A deleted canary's links are marked deleted, as canary-checker marks them. */
export async function retireCanaryLinks(db: Queryable, canaryId: string): Promise<void> {
  for (const kind of ['components', 'configs'] as const) {
    await db.query(
      `update ${tables[kind].links} set deleted_at = now()
        where canary_id = $1 and deleted_at is null`,
      [canaryId],
    );
  }
}
