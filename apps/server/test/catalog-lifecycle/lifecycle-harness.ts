import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../database.ts';

export const hour = 3_600_000;
export const day = 24 * hour;
/** The controlled clock of these tests: retention reads `now` from its argument only. */
export const now = Date.UTC(2026, 5, 1, 12, 0, 0);
export const ago = (ms: number): Date => new Date(now - ms);

/** One migrated database for the file's tests. */
export function useLifecycleDatabase() {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const get = (): TestDatabase => {
    if (!database) throw new Error('the database is created in beforeAll');
    return database;
  };
  const query = async (
    text: string,
    values: unknown[] = [],
  ): Promise<Record<string, unknown>[]> => {
    const result = await get().db.pool.query<Record<string, unknown>>(text, values);
    return result.rows;
  };
  return {
    get db() {
      return get().db;
    },
    query,
    async scraper(retention: unknown, name = `s-${randomUUID().slice(0, 8)}`): Promise<string> {
      const [row] = await query(
        `insert into config_scrapers (name, spec) values ($1, $2) returning id`,
        [
          name,
          { apiVersion: 'configs.flanksource.com/v1', kind: 'ScrapeConfig', spec: { retention } },
        ],
      );
      return z.object({ id: z.string() }).parse(row).id;
    },
    async item(
      scraperId: string | null,
      options: {
        type?: string;
        createdAgo?: number;
        scrapedAgo?: number;
        deletedAgo?: number;
      } = {},
    ): Promise<string> {
      const [row] = await query(
        `insert into config_items (scraper_id, name, type, created_at, deleted_at)
         values ($1, $2, $3, $4, $5) returning id`,
        [
          scraperId,
          `item-${randomUUID().slice(0, 8)}`,
          options.type ?? 'Kubernetes::Pod',
          ago(options.createdAgo ?? 30 * day),
          options.deletedAgo === undefined ? null : ago(options.deletedAgo),
        ],
      );
      const id = z.object({ id: z.string() }).parse(row).id;
      if (options.scrapedAgo !== undefined) {
        await query(
          `insert into config_items_last_scraped_time (config_id, last_scraped_time) values ($1, $2)`,
          [id, ago(options.scrapedAgo)],
        );
      }
      return id;
    },
    async change(configId: string, changeType: string, createdAgo: number): Promise<string> {
      const [row] = await query(
        `insert into config_changes (config_id, change_type, created_at) values ($1, $2, $3)
         returning id`,
        [configId, changeType, ago(createdAgo)],
      );
      return z.object({ id: z.string() }).parse(row).id;
    },
    /** A scrape of the scraper that ended with this status, started this long before now. */
    async scrapeRun(scraperId: string, status: string, startedAgo: number): Promise<void> {
      await query(
        `insert into job_history (name, resource_type, resource_id, status, time_start, time_end)
         values ('Scraper', 'config_scraper', $1, $2, $3, $3)`,
        [scraperId, status, ago(startedAgo)],
      );
    },
    async count(text: string, values: unknown[] = []): Promise<number> {
      const [row] = await query(`select count(*)::int as n from (${text}) x`, values);
      return z.object({ n: z.number() }).parse(row).n;
    },
  };
}
