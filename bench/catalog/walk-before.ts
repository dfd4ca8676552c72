import fs from 'node:fs/promises';
import type pg from 'pg';

/** The released 0073 walk and related_configs_recursive under bench names: the same-run "before". */
export async function installBefore(pool: pg.Pool): Promise<void> {
  const file = new URL(
    '../../apps/server/src/migrations/0073_catalog_rollup_buckets_and_walk.sql',
    import.meta.url,
  );
  const text = await fs.readFile(file, 'utf8');
  const from = text.indexOf('create or replace function config_graph_walk(');
  if (from < 0) throw new Error('bench: 0073 walk definition not found');
  const sql = text
    .slice(from)
    .replaceAll('config_graph_walk', 'bench_before_graph_walk')
    .replaceAll('related_configs_recursive', 'bench_before_related');
  await pool.query(sql);
}

/** Fails the run unless the new definition answers exactly what 0073 answered. */
export async function sameAnswers(pool: pg.Pool, start: string): Promise<void> {
  for (const args of ["'all', true, 10", "'outgoing', false, 10", "'incoming', false, 4"]) {
    const digest = async (fn: string) => {
      const found = await pool.query<{ d: string }>(
        `select md5(string_agg(id::text || ':' || depth || ':' ||
                    array_to_string(array(select unnest(related_ids) order by 1), ','), ';'
                    order by id)) as d
           from ${fn}($1::uuid, ${args})`,
        [start],
      );
      return found.rows[0]?.d;
    };
    const [before, after] = [
      await digest('bench_before_related'),
      await digest('related_configs_recursive'),
    ];
    if (before !== after)
      throw new Error(`bench: answers differ for (${args}): ${before} vs ${after}`);
  }
}
