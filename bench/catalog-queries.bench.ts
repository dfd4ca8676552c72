import os from 'node:os';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { graphNodes, nodeId, seedGraph, seedMoreChanges } from './catalog-graph.ts';
import { createBenchDatabase } from './database.ts';
import { startInProcessApi } from './in-process-api.ts';
import { closeAgent, measure, send, type Case } from './catalog/http-case.ts';
import { installBefore, sameAnswers } from './catalog/walk-before.ts';
import { benchLifecycle } from './lifecycle.ts';
import type { Stats } from './measure.ts';
import { seed } from './seed.ts';
import { signInViewer } from './session.ts';

/**
 * The catalog's query goals (issue #22) at 100k items and 1M changes: POST /catalog/summary
 * (median ≤ 25 ms, anchor duty 170 ms), a changes search for one config recursive downstream
 * (≤ 30 ms), related_configs_recursive at depth 10 on a 10,000-node graph (≤ 50 ms).
 * `--graph-only` seeds just the 10,000 graph items and measures only the graph walk. Both modes
 * also time the released 0073 definition (renamed) in the same run, as the "before".
 */
const graphOnly = process.argv.includes('--graph-only');
const settings = {
  items: positive('BENCH_ITEMS', 100_000),
  changes: positive('BENCH_CHANGES', 1_000_000),
  iterations: positive('BENCH_ITERATIONS', 100),
  deadlineMinutes: 25,
};
const goals = { summaryMs: 25, summaryAnchorMs: 170, changesMs: 30, relatedMs: 50 } as const;

const { cleanups, cleanUp, deadline } = benchLifecycle(settings.deadlineMinutes);

async function main(): Promise<void> {
  const log = pino({ level: 'warn' });
  const step = (text: string): void => console.log(`bench: ${text}`);
  const database = await createBenchDatabase(log);
  cleanups.push(() => database.drop());
  const seeder = new pg.Pool({ connectionString: database.url, max: 4 });
  const items = graphOnly ? graphNodes : settings.items;
  step(`seeding ${items} items`);
  const counts = await seed(seeder, items);
  step(`seeding changes up to ${settings.changes} and the relationship graphs`);
  const extra = graphOnly ? 0 : await seedMoreChanges(seeder, settings.changes);
  const graph = await seedGraph(seeder);
  await seeder.query('vacuum analyze');
  await installBefore(seeder);
  const graphStart = await nodeId(seeder, 0);
  const treeStart = graphOnly ? graphStart : await nodeId(seeder, graphNodes + 40);
  await seeder.end();
  step(`seeded ${JSON.stringify({ ...counts, extraChanges: extra, ...graph })}`);

  const db = createDatabase(database.url, 20);
  cleanups.push(() => db.close());
  const api = await startInProcessApi(db);
  cleanups.push(() => api.close());
  const baseUrl = api.baseUrl;
  const cookie = await signInViewer(db);
  const direct = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => direct.end());

  const summaryBody = {
    groupBy: ['type'],
    deleted: false,
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
  const relatedSql = `select * from related_configs_recursive($1::uuid, 'all', true, 10)`;
  const beforeSql = `select * from bench_before_related($1::uuid, 'all', true, 10)`;
  await sameAnswers(direct, graphStart);
  // Server-only cases skip the 9,999 rows with OFFSET and expect none back.
  const relatedCase = (name: string, sql: string, goalMs?: number): Case => ({
    name,
    goalMs,
    run: async () => {
      const result = await direct.query(sql, [graphStart]);
      const expected = sql.includes('offset 9999') ? 0 : graphNodes - 1;
      return {
        status: result.rowCount === expected ? 200 : 500,
        bytes: result.rowCount ?? 0,
      };
    },
  });
  const allCases: Case[] = [
    {
      name: 'POST /api/catalog/summary (groupBy type, changes and analysis since 30d, cost 30d)',
      goalMs: goals.summaryMs,
      run: () => send(baseUrl, 'POST', '/api/catalog/summary', cookie, summaryBody),
    },
    {
      name: 'POST /api/catalog/summary (groupBy tag cluster, label filter)',
      run: () =>
        send(baseUrl, 'POST', '/api/catalog/summary', cookie, {
          groupBy: ['cluster'],
          filter: { env: 'production' },
          changes: { since: 'now-7d' },
        }),
    },
    {
      name: 'POST /api/catalog/changes (one config, recursive downstream depth 5, default now-2d)',
      goalMs: goals.changesMs,
      run: () =>
        send(baseUrl, 'POST', '/api/catalog/changes', cookie, {
          id: treeStart,
          recursive: 'downstream',
        }),
    },
    {
      name: 'POST /api/catalog/changes (one config, downstream, from now-30d)',
      run: () =>
        send(baseUrl, 'POST', '/api/catalog/changes', cookie, {
          id: treeStart,
          recursive: 'downstream',
          from: 'now-30d',
        }),
    },
    relatedCase(
      'before (0073): walk only, config_graph_walk depth 10, all (SQL, count)',
      `select 1 from bench_before_graph_walk($1::uuid, 'all', 10, true) offset 1`,
    ),
    relatedCase(
      'walk only: config_graph_walk depth 10, all (SQL, count)',
      `select 1 from config_graph_walk($1::uuid, 'all', 10, true) offset 1`,
    ),
    relatedCase(
      'before (0073): in the server only, related_configs_recursive depth 10, all (SQL, rows counted, not sent)',
      `select 1 from (select * from bench_before_related($1::uuid, 'all', true, 10) offset 0) x offset 9999`,
    ),
    relatedCase(
      'in the server only: related_configs_recursive depth 10, all (SQL, rows counted, not sent)',
      `select 1 from (select * from related_configs_recursive($1::uuid, 'all', true, 10) offset 0) x offset 9999`,
    ),
    relatedCase(
      'before (0073): related_configs_recursive depth 10, type_filter all, 10,000-node graph (SQL, all rows)',
      beforeSql,
    ),
    relatedCase(
      'related_configs_recursive depth 10, type_filter all, 10,000-node graph (SQL, all rows)',
      relatedSql,
      goals.relatedMs,
    ),
    {
      name: 'GET /api/db/rpc/related_configs_recursive depth 10, all, select=id,name,type,related_ids',
      run: () =>
        send(
          baseUrl,
          'GET',
          `/api/db/rpc/related_configs_recursive?config_id=${graphStart}&type_filter=all&include_deleted_configs=true&max_depth=10&select=id,name,type,related_ids`,
          cookie,
        ),
    },
  ];
  const cases = graphOnly
    ? allCases.filter(
        (c) =>
          c.name.includes('related_configs') ||
          c.name.includes('walk only') ||
          c.name.includes('server only'),
      )
    : allCases;
  const results: Array<{ name: string; stats: Stats; bytes: number; goalMs?: number }> = [];
  for (const c of cases) {
    step(`measuring ${c.name}`);
    const result = await measure(c, settings.iterations);
    results.push({ ...result, goalMs: c.goalMs });
    step(`  median ${result.stats.median.toFixed(2)} ms, p95 ${result.stats.p95.toFixed(2)} ms`);
  }
  const plans: Record<string, string> = {};
  const explain = async (label: string, sql: string, values: unknown[]) => {
    const plan = await direct.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${sql}`,
      values,
    );
    plans[label] = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  await explain('before (0073)', beforeSql, [graphStart]);
  await explain('related_configs_recursive', relatedSql, [graphStart]);

  console.log('\n| case | median ms | p95 ms | min ms | goal | bytes or rows |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const goal =
      r.goalMs === undefined
        ? ''
        : `≤ ${r.goalMs} ms ${r.stats.median <= r.goalMs ? 'met' : 'MISSED'}`;
    console.log(
      `| ${r.name} | ${r.stats.median.toFixed(2)} | ${r.stats.p95.toFixed(2)} | ${r.stats.min.toFixed(2)} | ${goal} | ${r.bytes} |`,
    );
  }
  const median = (start: string) =>
    results.find((r) => r.name.startsWith(start))?.stats.median ?? Number.NaN;
  if (!graphOnly)
    console.log(
      `\nsummary ratio vs duty's 170 ms anchor: ${(median('POST /api/catalog/summary (groupBy type') / goals.summaryAnchorMs).toFixed(3)}`,
    );
  console.log(
    `related_configs_recursive after / before (same run): ${(median('related_configs_recursive depth') / median('before (0073): related_configs_recursive')).toFixed(4)}`,
  );
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      machine: {
        nproc: os.availableParallelism(),
        cpu: os.cpus()[0]?.model,
        node: process.version,
        postgres: database.serverVersion,
      },
      seed: { ...counts, extraChanges: extra, ...graph },
    }),
  );
  if (process.env.BENCH_PLANS)
    for (const [label, plan] of Object.entries(plans)) console.log(`\n${label}\n${plan}`);
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

try {
  await main();
} finally {
  closeAgent();
  await cleanUp();
  clearTimeout(deadline);
}
