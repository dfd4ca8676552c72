import type pg from 'pg';

/** Components per parent at each of the 5 levels: 2 → 10 → 50 → 300 → 1,800 (2,162). */
export const fanOut = [2, 5, 5, 6, 6] as const;

/** Builds the tree level by level in SQL; answers the id of the first level-1 component. */
export async function seedTree(pool: pg.Pool): Promise<{ total: number; firstRoot: string }> {
  const topology = await pool.query<{ id: string }>(
    `insert into topologies (name, spec) values ('bench', '{}') returning id`,
  );
  const topologyId = topology.rows[0]?.id;
  const canary = await pool.query<{ id: string }>(
    `insert into canaries (name, spec) values ('bench', '{}') returning id`,
  );
  const canaryId = canary.rows[0]?.id;
  // The roll-up triggers are for live changes; a bulk seed computes statuses once at the end.
  await pool.query('alter table components disable trigger components_rollup');
  await pool.query(
    'alter table check_component_relationships disable trigger check_component_relationships_rollup',
  );
  await pool.query(
    `insert into components (topology_id, name, type, path, labels, properties)
     select $1::uuid, 'root-' || g, 'Cluster', '', '{"env":"bench"}',
            '[{"name":"version","text":"1.31"},{"name":"cost","type":"currency","value":1520}]'
       from generate_series(1, $2::int) g`,
    [topologyId, fanOut[0]],
  );
  const types = ['Cluster', 'Namespace', 'Service', 'Deployment', 'Pod'];
  for (let level = 1; level < fanOut.length; level++) {
    await pool.query(
      `insert into components (topology_id, parent_id, name, type, path, labels, properties, health)
       select p.topology_id, p.id, p.name || '-' || g, $2,
              case when p.path = '' then p.id::text else p.path || '.' || p.id end,
              jsonb_build_object('env', 'bench', 'zone', 'z' || (g % 3)),
              jsonb_build_array(
                jsonb_build_object('name', 'cpu', 'value', (g * 137) % 4000, 'max', 4000,
                                   'unit', 'millicores', 'headline', true),
                jsonb_build_object('name', 'memory', 'value', (g * 71) % 8192, 'max', 8192,
                                   'unit', 'MiB', 'headline', true),
                jsonb_build_object('name', 'region', 'text', 'eu-west-1'),
                jsonb_build_object('name', 'zone', 'text', 'eu-west-1a')),
              case when $3::boolean then (case when g % 17 = 0 then 'unhealthy' else 'healthy' end)
              end
         from components p, generate_series(1, $1::int) g
        where p.type = $4 and p.deleted_at is null`,
      [fanOut[level], types[level], level === fanOut.length - 1, types[level - 1]],
    );
  }
  await pool.query(
    `with leaves as (select id from components where type = 'Pod'),
     made as (insert into checks (canary_id, type, name, status)
              select $1::uuid, 'http', 'check-' || id, 'healthy' from leaves returning id, name)
     insert into check_component_relationships (check_id, component_id, canary_id, selector_id)
     select id, substring(name from 7)::uuid, $1::uuid, 'bench' from made`,
    [canaryId],
  );
  await pool.query(
    `with services as (select id, name from components where type = 'Service'),
     made as (insert into config_items (name, type, health, config)
              select 'config-' || id, 'Kubernetes::Service', 'healthy', '{}' from services
              returning id, name)
     insert into config_component_relationships (component_id, config_id, selector_id)
     select substring(name from 8)::uuid, id, 'bench' from made`,
  );
  await pool.query(
    `insert into config_analysis (config_id, analyzer, analysis_type, severity, status, summary)
     select id, 'bench', 'security', 'high', 'open', 'bench finding' from config_items`,
  );
  await pool.query('alter table components enable trigger components_rollup');
  await pool.query(
    'alter table check_component_relationships enable trigger check_component_relationships_rollup',
  );
  await pool.query(`select component_rollup(id, false) from components
                     order by length(coalesce(path, '')) desc`);
  await pool.query('vacuum analyze');
  const count = await pool.query<{ n: number }>('select count(*)::int as n from components');
  const first = await pool.query<{ id: string }>(`select id from components where name = 'root-1'`);
  return { total: count.rows[0]?.n ?? 0, firstRoot: first.rows[0]?.id ?? '' };
}
