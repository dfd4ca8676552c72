import { pino } from 'pino';
import { z } from 'zod';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { runMigrations } from '../apps/server/src/platform/migrations.ts';
import { benchDatabase, percentile, type Cleanups } from './agent/upstream.ts';

/**
 * Status roll-up after one check changes, on a topology of 10,000 components (root → 100
 * groups → 99 leaves, each leaf linked to its own check). Anchor: a full recompute of every
 * component in the same run, which the incremental path must beat by orders of magnitude.
 */
const cleanups: Cleanups = [];
const url = await benchDatabase('vigil_bench_topology_rollup', cleanups);
const db = createDatabase(url, 2);
try {
  await runMigrations(db.pool, pino({ level: 'silent' }));
  const q = async (text: string, values: unknown[] = []) =>
    (await db.pool.query<Record<string, unknown>>(text, values)).rows;
  const idOf = (rows: Array<Record<string, unknown>>) => z.string().parse(rows[0]?.id);
  const topology = idOf(await q(`insert into topologies (name) values ('bench') returning id`));
  const canary = idOf(
    await q(`insert into canaries (name, spec) values ('bench', '{}') returning id`),
  );
  const root = idOf(
    await q(
      `insert into components (topology_id, name, type, path) values ($1, 'root', 'Root', '') returning id`,
      [topology],
    ),
  );
  await q(`alter table components disable trigger components_rollup`);
  await q(
    `alter table check_component_relationships disable trigger check_component_relationships_rollup`,
  );
  await q(
    `with groups as (
       insert into components (topology_id, parent_id, name, type, path)
       select $1, $2::uuid, 'group-' || g, 'Group', $4::text from generate_series(1, 100) g returning id, path),
     leaves as (
       insert into components (topology_id, parent_id, name, type, path)
       select $1, groups.id, 'leaf-' || l, 'Leaf', groups.path || '.' || groups.id
         from groups, generate_series(1, 99) l returning id),
     checks as (
       insert into checks (canary_id, type, name, status)
       select $3, 'http', 'check-' || leaves.id, 'healthy' from leaves returning id, name)
     insert into check_component_relationships (check_id, component_id, canary_id, selector_id)
     select checks.id, substring(checks.name from 7)::uuid, $3, 'bench' from checks`,
    [topology, root, canary, String(root)],
  );
  await q(`alter table components enable trigger components_rollup`);
  await q(
    `alter table check_component_relationships enable trigger check_component_relationships_rollup`,
  );
  const total = z.number().parse((await q(`select count(*)::int as n from components`))[0]?.n);

  const full = async () => {
    const started = performance.now();
    await q(`select component_rollup(id, false) from components
              order by length(coalesce(path, '')) desc`);
    return performance.now() - started;
  };
  const fullMs = [await full(), await full(), await full()];

  const checks = (await q(`select id from checks order by random() limit 200`)).map((r) =>
    z.string().parse(r.id),
  );
  const incremental: number[] = [];
  for (const [index, id] of checks.entries()) {
    const started = performance.now();
    await q(`update checks set status = $2 where id = $1`, [
      id,
      index % 2 === 0 ? 'unhealthy' : 'healthy',
    ]);
    incremental.push(performance.now() - started);
  }
  const [rootStatus] = await q(`select status, status_reason from components where id = $1`, [
    root,
  ]);
  incremental.sort((a, b) => a - b);
  fullMs.sort((a, b) => a - b);
  const p50 = percentile(incremental, 50);
  const p95 = percentile(incremental, 95);
  const anchor = percentile(fullMs, 50);
  console.log(
    JSON.stringify(
      {
        components: total,
        incremental_p50_ms: p50,
        incremental_p95_ms: p95,
        full_recompute_ms: anchor,
        ratio_p95_vs_full: p95 / anchor,
        root: rootStatus,
      },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
}
