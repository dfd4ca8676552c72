import type pg from 'pg';

/** How many items the 10,000-node graph uses, and the changes the search benchmark reaches. */
export const graphNodes = 10_000;

/**
 * Relationships for the catalog query benchmark, on items ordered by id:
 * - the first 10,000 form a graph with cycles: node n links to 3n+1..3n+3 (mod 10,000) and back
 *   to n/7, so a walk of depth 10 from node 0 reaches every node, some by several paths;
 * - the rest form a ternary tree (n -> 3n+1..3n+3), the downstream a changes search walks.
 */
export async function seedGraph(pool: pg.Pool): Promise<{ relationships: number }> {
  await pool.query(`
    create temporary table bench_nodes as
      select id, (row_number() over (order by id) - 1)::int as n from config_items`);
  await pool.query(`create index on bench_nodes (n)`);
  const graph = await pool.query(`
    insert into config_relationships (config_id, related_id, relation, selector_id)
    select a.id, b.id, 'soft', 'bench'
      from bench_nodes a
      cross join lateral (values ((3 * a.n + 1) % ${graphNodes}), ((3 * a.n + 2) % ${graphNodes}),
                                 ((3 * a.n + 3) % ${graphNodes}), (a.n / 7)) t(m)
      join bench_nodes b on b.n = t.m
     where a.n < ${graphNodes} and a.id <> b.id
    on conflict do nothing`);
  const tree = await pool.query(`
    insert into config_relationships (config_id, related_id, relation, selector_id)
    select a.id, b.id, 'soft', 'bench'
      from bench_nodes a
      cross join lateral generate_series(1, 3) k
      join bench_nodes b on b.n = ${graphNodes} + 3 * (a.n - ${graphNodes}) + k
     where a.n >= ${graphNodes}
    on conflict do nothing`);
  await pool.query(`drop table bench_nodes`);
  return { relationships: (graph.rowCount ?? 0) + (tree.rowCount ?? 0) };
}

/** More changes, spread over 30 days, until the catalog holds `total` of them. */
export async function seedMoreChanges(pool: pg.Pool, total: number): Promise<number> {
  const have = await pool.query<{ n: string }>('select count(*) as n from config_changes');
  const missing = total - Number(have.rows[0]?.n ?? 0);
  if (missing <= 0) return 0;
  const inserted = await pool.query(`
    insert into config_changes (config_id, change_type, severity, source, summary, created_at)
    select c.id, (array['diff','UPDATE','Pulled','BackOff'])[1 + g % 4],
           (array['info','info','low','medium','high','critical'])[1 + g % 6],
           'kubernetes', 'bench change ' || g,
           now() - make_interval(secs => ((g::bigint * 2593) % 2592000)::int)
      from generate_series(1, ${missing}) g
      join (select id, (row_number() over (order by id) - 1)::int as n from config_items) c
        on c.n = (g::bigint * 7919) % (select count(*) from config_items)`);
  return inserted.rowCount ?? 0;
}

/** The id of the item at position n (ordered by id): the start of a walk. */
export async function nodeId(pool: pg.Pool, n: number): Promise<string> {
  const found = await pool.query<{ id: string }>(
    'select id from config_items order by id offset $1 limit 1',
    [n],
  );
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`no config item at position ${n}`);
  return id;
}
