import mysql from 'mysql2/promise';
import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { extractResult } from '../../scrape-spec/extract.ts';
import type { ScrapeContext } from '../scraper-type.ts';
import { ScrapeConfigError, ScraperUnavailable, defineScraperType } from '../scraper-type.ts';
import { databaseUrl, withPostgres, withoutUserInfo } from './sql-url.ts';

const sqlEntry = scraperEntry({
  connection: z
    .string()
    .min(1, 'is required')
    .describe('connection://namespace/name, or a connection string'),
  auth: z.object({ username: envVar.optional(), password: envVar.optional() }).strict().optional(),
  driver: z.string().optional().describe('postgres, mysql or sqlserver; from the url by default'),
  query: z.string().min(1, 'is required'),
});

type Row = Record<string, unknown>;

/** `spec.sql[]`: one query; each row is an item (its columns the item's config). */
export const sqlScraperType = defineScraperType({
  name: 'sql',
  specKey: 'sql',
  schema: sqlEntry,
  async scrape(ctx, entry) {
    const url = await databaseUrl(ctx, entry.connection, entry.auth, 'sql');
    const driver = entry.driver ?? /^([a-z0-9]+):/i.exec(url)?.[1]?.toLowerCase() ?? '';
    const rows = await queryRows(driver, url, entry.query, ctx);
    return extractResult(
      entry,
      rows.map((row) => ({ document: row, source: withoutUserInfo(url) })),
      { full: ctx.full === true },
    );
  },
});

async function queryRows(
  driver: string,
  url: string,
  query: string,
  ctx: Pick<ScrapeContext, 'signal' | 'timeoutMs'>,
): Promise<Row[]> {
  const { signal, timeoutMs } = ctx;
  if (driver === 'postgres' || driver === 'postgresql') {
    return withPostgres(url, ctx, async (client) => (await client.query<Row>(query)).rows);
  }
  if (driver === 'mysql' || driver === 'mariadb') {
    const connection = await mysql.createConnection({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      connectTimeout: timeoutMs,
    });
    const stop = () => connection.destroy();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const [rows] = await connection.query({ sql: query, timeout: timeoutMs });
      const list: unknown[] = Array.isArray(rows) ? rows : [];
      return list.filter(isRow).map((row) => ({ ...row }));
    } finally {
      signal.removeEventListener('abort', stop);
      await connection.end().catch(() => undefined);
    }
  }
  if (driver === 'sqlserver' || driver === 'mssql') {
    throw new ScraperUnavailable('sql: the sqlserver driver is not supported by this scraper yet');
  }
  throw new ScrapeConfigError(
    `sql: driver ${driver || '(none)'} is not known; use postgres or mysql`,
  );
}

function isRow(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
