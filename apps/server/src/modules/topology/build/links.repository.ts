import type { Queryable } from '../../../platform/db.ts';

export interface CheckLink {
  readonly checkId: string;
  readonly canaryId: string;
  readonly selectorId: string;
}

export interface TargetLink {
  readonly targetId: string;
  readonly selectorId: string;
}

/** Replaces the links a topology's selectors made for a component; manual links stay. */
export async function syncCheckLinks(
  db: Queryable,
  componentId: string,
  links: readonly CheckLink[],
): Promise<void> {
  await db.query(
    `delete from check_component_relationships r
      where r.component_id = $1 and r.selector_id like 'topology:%'
        and not exists (select 1 from unnest($2::uuid[], $3::text[]) as l(check_id, selector_id)
                         where l.check_id = r.check_id and l.selector_id = r.selector_id)`,
    [componentId, links.map((l) => l.checkId), links.map((l) => l.selectorId)],
  );
  if (links.length === 0) return;
  await db.query(
    `insert into check_component_relationships (check_id, component_id, canary_id, selector_id)
     select l.check_id, $1, l.canary_id, l.selector_id
       from unnest($2::uuid[], $3::uuid[], $4::text[]) as l(check_id, canary_id, selector_id)
     on conflict (check_id, component_id, selector_id) do update set deleted_at = null`,
    [
      componentId,
      links.map((l) => l.checkId),
      links.map((l) => l.canaryId),
      links.map((l) => l.selectorId),
    ],
  );
}

export async function syncConfigLinks(
  db: Queryable,
  componentId: string,
  links: readonly TargetLink[],
): Promise<void> {
  await db.query(
    `delete from config_component_relationships r
      where r.component_id = $1 and r.selector_id like 'topology:%'
        and not exists (select 1 from unnest($2::uuid[], $3::text[]) as l(config_id, selector_id)
                         where l.config_id = r.config_id and l.selector_id = r.selector_id)`,
    [componentId, links.map((l) => l.targetId), links.map((l) => l.selectorId)],
  );
  if (links.length === 0) return;
  await db.query(
    `insert into config_component_relationships (config_id, component_id, selector_id)
     select l.config_id, $1, l.selector_id
       from unnest($2::uuid[], $3::text[]) as l(config_id, selector_id)
     on conflict (component_id, config_id, selector_id) do update set deleted_at = null`,
    [componentId, links.map((l) => l.targetId), links.map((l) => l.selectorId)],
  );
}

/** Components a `selectors[]` entry picks become related to (shown under) the component. */
export async function syncComponentLinks(
  db: Queryable,
  componentId: string,
  selectors: ReadonlyArray<{ labels: Record<string, string>; selectorId: string }>,
): Promise<void> {
  await db.query(
    `delete from component_relationships
      where relationship_id = $1 and selector_id like 'topology:%'
        and not (selector_id = any($2::text[]))`,
    [componentId, selectors.map((s) => s.selectorId)],
  );
  for (const selector of selectors) {
    await db.query(
      `insert into component_relationships (component_id, relationship_id, selector_id)
       select c.id, $1, $3 from components c
        where c.deleted_at is null and c.id <> $1 and c.labels @> $2::jsonb
        limit 2000
       on conflict (component_id, relationship_id, selector_id) do update set deleted_at = null`,
      [componentId, JSON.stringify(selector.labels), selector.selectorId],
    );
  }
}
