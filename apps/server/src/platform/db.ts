import { createHash } from 'node:crypto';
import pg from 'pg';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface Database {
  readonly pool: pg.Pool;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /**
   * Runs a generated statement as a named prepared statement, so PostgreSQL parses and plans
   * each distinct text once per connection instead of on every request.
   */
  prepared<R extends pg.QueryResultRow>(
    client: Queryable,
    text: string,
    values: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
  close(): Promise<void>;
}

/**
 * Connections retire after this many queries. That bounds how many prepared statements any
 * one server-side session can hold, however many distinct query shapes clients send.
 */
const queriesPerConnection = 5000;

export interface DatabaseOptions {
  /**
   * Pinned on every connection at startup (hosted mode: an organisation's schema first), so
   * no query on this pool can reach another organisation's tables by forgetting a prefix.
   */
  readonly searchPath?: string;
}

export function createDatabase(url: string, max: number, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'vigil',
    maxUses: queriesPerConnection,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    pool,
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: a server that goes away would otherwise
      // raise an uncaught 'error' event; the failing query rejects on its own.
      const ignore = (): void => undefined;
      client.on('error', ignore);
      try {
        await client.query('begin');
        const result = await fn(client);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', ignore);
        client.release();
      }
    },
    prepared: (client, text, values) =>
      client.query({ name: statementName(text), text, values: [...values] }),
    close: () => pool.end(),
  };
}

function statementName(text: string): string {
  return `v_${createHash('sha1').update(text).digest('base64url')}`;
}
