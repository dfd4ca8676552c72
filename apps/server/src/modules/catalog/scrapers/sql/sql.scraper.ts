import mysql from 'mysql2/promise';
import pg from 'pg';
import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { extractResult } from '../../scrape-spec/extract.ts';
import { ScrapeConfigError, ScraperUnavailable, defineScraperType } from '../scraper-type.ts';

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
    const reference = entry.connection.startsWith('connection://') ? entry.connection : undefined;
    const stored = reference ? await ctx.connection(reference) : null;
    const raw = stored ? stored.url : entry.connection;
    if (!raw) throw new ScrapeConfigError(`sql: ${entry.connection} has no url`);
    const username = (await ctx.resolveValue(entry.auth?.username)) ?? stored?.username ?? '';
    const password = (await ctx.resolveValue(entry.auth?.password)) ?? stored?.password ?? '';
    const url = raw
      .replaceAll('$(username)', encodeURIComponent(username))
      .replaceAll('$(password)', encodeURIComponent(password));
    const driver = entry.driver ?? /^([a-z0-9]+):/i.exec(url)?.[1]?.toLowerCase() ?? '';
    const rows = await queryRows(driver, url, entry.query, ctx.signal, ctx.timeoutMs);
    return extractResult(
      entry,
      rows.map((row) => ({ document: row, source: describe(url) })),
      { full: ctx.full === true },
    );
  },
});

async function queryRows(
  driver: string,
  url: string,
  query: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Row[]> {
  if (driver === 'postgres' || driver === 'postgresql') {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    client.on('error', () => undefined);
    const stop = () => client.connection.stream.destroy();
    signal.addEventListener('abort', stop, { once: true });
    try {
      await client.connect();
      const result = await client.query<Row>(query);
      return result.rows;
    } finally {
      signal.removeEventListener('abort', stop);
      await client.end().catch(() => undefined);
    }
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

/** The url without its user info, for the item's source. */
function describe(url: string): string {
  return url.replace(/^([a-z0-9+]+:\/\/)[^@/]*@/i, '$1');
}
