import pg from 'pg';
import type { EnvVar } from '../../../../platform/values/env-var.ts';
import type { ScrapeContext } from '../scraper-type.ts';
import { ScrapeConfigError } from '../scraper-type.ts';

/**
 * The url a database entry connects to: a `connection://` reference (its url, username and
 * password) or a literal url, with `$(username)`/`$(password)` filled in.
 */
export async function databaseUrl(
  ctx: ScrapeContext,
  connection: string,
  auth: { username?: EnvVar | undefined; password?: EnvVar | undefined } | undefined,
  label: string,
): Promise<string> {
  const stored = connection.startsWith('connection://') ? await ctx.connection(connection) : null;
  const raw = stored ? stored.url : connection;
  if (!raw) throw new ScrapeConfigError(`${label}: ${connection} has no url`);
  const username = (await ctx.resolveValue(auth?.username)) ?? stored?.username ?? '';
  const password = (await ctx.resolveValue(auth?.password)) ?? stored?.password ?? '';
  return raw
    .replaceAll('$(username)', encodeURIComponent(username))
    .replaceAll('$(password)', encodeURIComponent(password));
}

/** Runs `work` on one PostgreSQL session that the scrape's signal can cut short. */
export async function withPostgres<T>(
  url: string,
  ctx: Pick<ScrapeContext, 'signal' | 'timeoutMs'>,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ctx.timeoutMs });
  client.on('error', () => undefined);
  const stop = () => client.connection.stream.destroy();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    await client.connect();
    return await work(client);
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await client.end().catch(() => undefined);
  }
}

/** The url without its user info, for an item's source. */
export function withoutUserInfo(url: string): string {
  return url.replace(/^([a-z0-9+]+:\/\/)[^@/]*@/i, '$1');
}
