import type { Queryable } from '../../../platform/db.ts';

const subtree = `select id from components where deleted_at is null and (id = $1 or path like '%' || $1 || '%')`;

/** What a snapshot holds beyond the tree; every list is bounded. */
export async function snapshotRows(db: Queryable, id: string, start: Date, related: boolean) {
  const checks = await db.query(
    `select distinct k.id, k.name, k.type, k.status, k.labels, r.component_id
       from check_component_relationships r join checks k on k.id = r.check_id
      where r.component_id in (${subtree}) and r.deleted_at is null and k.deleted_at is null
      limit 5000`,
    [id],
  );
  const checkStatuses = await db.query(
    `select s.check_id, s.time, s.status, s.duration, s.message, s.error
       from check_statuses s
      where s.check_id in (select r.check_id from check_component_relationships r
                            where r.component_id in (${subtree}) and r.deleted_at is null)
        and s.time >= $2
      order by s.time desc limit 50000`,
    [id, start],
  );
  const configs = await db.query(
    `select distinct ci.id, ci.name, ci.type, ci.health, ci.status, ci.tags, ci.config, r.component_id
       from config_component_relationships r join config_items ci on ci.id = r.config_id
      where r.component_id in (${subtree}) and r.deleted_at is null limit 5000`,
    [id],
  );
  const changes = await db.query(
    `select cc.id, cc.config_id, cc.change_type, cc.severity, cc.summary, cc.source, cc.created_at
       from config_changes cc
      where cc.config_id in (select r.config_id from config_component_relationships r
                              where r.component_id in (${subtree}) and r.deleted_at is null)
        and cc.created_at >= $2
      order by cc.created_at desc limit 50000`,
    [id, start],
  );
  const relatedRows = related
    ? await db.query(
        `select c.id, c.name, c.type, c.status, r.selector_id
           from component_relationships r join components c on c.id = r.component_id
          where r.relationship_id = $1 and r.deleted_at is null and c.deleted_at is null
          limit 5000`,
        [id],
      )
    : { rows: [] };
  return {
    checks: checks.rows,
    checkStatuses: checkStatuses.rows,
    configs: configs.rows,
    changes: changes.rows,
    related: relatedRows.rows,
  };
}
