/**
 * Catalog retention at scale: count retention (`changes[].count`), stale soft-deletion and the
 * purge, in batches of 1000, against config-db's count query (a ranking of every change of the
 * scraper per batch) on the same seed as the anchor.
 *
 *   node --import tsx bench/catalog-retention.bench.ts [items] [changesPerItem]
 */
import { pino } from 'pino';
import { createDatabase, type Database } from '../apps/server/src/platform/db.ts';
import { runScraperRetention } from '../apps/server/src/modules/catalog/retention/retention.service.ts';
import { listScrapers } from '../apps/server/src/modules/catalog/retention/retention.repository.ts';
import { createBenchDatabase } from './database.ts';

const items = Number(process.argv[2] ?? 20_000);
const perItem = Number(process.argv[3] ?? 20);
const keep = 5;
const batch = 1000;
const anchorBudgetMs = 120_000;
const day = 86_400_000;
const now = Date.now();

async function seed(db: Database, retention: unknown): Promise<string> {
  await db.pool.query('truncate config_items, config_scrapers cascade');
  const scraper = await db.pool.query<{ id: string }>(
    `insert into config_scrapers (name, spec) values ('bench', $1) returning id`,
    [{ spec: { retention } }],
  );
  const id = scraper.rows[0]?.id ?? '';
  await db.pool.query(
    `insert into config_items (scraper_id, name, type, created_at)
     select $1, 'item-' || g, 'Kubernetes::Pod', now() - interval '30 days'
     from generate_series(1, $2) g`,
    [id, items],
  );
  // Half the items were last seen two days ago (stale), half an hour ago.
  await db.pool.query(
    `insert into config_items_last_scraped_time (config_id, last_scraped_time)
     select id, case when row_number() over (order by id) % 2 = 0
                     then now() - interval '2 days' else now() - interval '30 minutes' end
     from config_items`,
  );
  await db.pool.query(
    `insert into config_changes (config_id, change_type, created_at)
     select ci.id, 'Pulled', now() - (g || ' minutes')::interval
     from config_items ci cross join generate_series(1, $1) g`,
    [perItem],
  );
  await db.pool.query(
    `insert into job_history (name, resource_type, resource_id, status, time_start)
     values ('Scraper', 'config_scraper', $1, 'SUCCESS', now() - interval '10 minutes')`,
    [id],
  );
  await db.pool.query('analyze');
  return id;
}

/** config-db's ProcessChangeRetention count query, in batches, until done or out of budget. */
async function anchorCount(db: Database, scraperId: string) {
  const started = performance.now();
  let deleted = 0;
  for (;;) {
    const result = await db.pool.query(
      `delete from config_changes where id in (
         select id from (
           select id, row_number() over (partition by config_id order by created_at desc) as seq
           from config_changes
           where change_type = $2
             and config_id in (select id from config_items where scraper_id = $1)) ranked
         where seq > $3 limit $4)`,
      [scraperId, 'Pulled', keep, batch],
    );
    deleted += result.rowCount ?? 0;
    const elapsed = performance.now() - started;
    if ((result.rowCount ?? 0) === 0 || elapsed > anchorBudgetMs) return { deleted, elapsed };
  }
}

async function main(): Promise<void> {
  const log = pino({ level: 'silent' });
  const bench = await createBenchDatabase(log);
  const db = createDatabase(bench.url, 4);
  try {
    const surplus = items * (perItem - keep);
    console.log(`seed: ${items} items x ${perItem} changes; count retention keeps ${keep}`);

    const id = await seed(db, { changes: [{ name: 'Pulled', count: keep }] });
    const scraper = (await listScrapers(db.pool)).find((s) => s.id === id);
    if (!scraper) throw new Error('seeded scraper not listed');
    const t0 = performance.now();
    const outcome = await runScraperRetention(db, scraper, now, {
      batchSize: batch,
      purgeAfterMs: 7 * day,
    });
    const ours = performance.now() - t0;
    console.log(
      `vigil: ${outcome.summary.changes_deleted_by_count} changes (expected ${surplus}) and ${outcome.summary.items_stale} stale items in ${(ours / 1000).toFixed(2)} s`,
    );

    // The purge of what was just soft-deleted, 8 days later.
    const t1 = performance.now();
    const purge = await runScraperRetention(db, scraper, now + 8 * day, {
      batchSize: batch,
      purgeAfterMs: 7 * day,
    });
    console.log(
      `purge: ${purge.summary.items_purged} items in ${((performance.now() - t1) / 1000).toFixed(2)} s`,
    );

    const anchorId = await seed(db, {});
    const anchor = await anchorCount(db, anchorId);
    const anchorRate = anchor.deleted / (anchor.elapsed / 1000);
    const oursRate = surplus / (ours / 1000);
    console.log(
      `anchor (config-db count query): ${anchor.deleted} changes in ${(anchor.elapsed / 1000).toFixed(2)} s` +
        `${anchor.deleted < surplus ? ' (budget reached)' : ''}`,
    );
    console.log(
      `count retention: vigil ${oursRate.toFixed(0)} changes/s (incl. stale pass), anchor ${anchorRate.toFixed(0)} changes/s, ratio ${(oursRate / anchorRate).toFixed(1)}x`,
    );
  } finally {
    await db.close();
    await bench.drop();
  }
}

await main();
