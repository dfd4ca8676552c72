import mysql from 'mysql2/promise';
import pg from 'pg';
import { z } from 'zod';
import { ActionFailed, defineActionType } from './action-type.ts';

const maxRows = 1000;

const sqlSchema = z
  .object({
    connection: z.string().optional(),
    url: z.string().optional(),
    query: z.string().min(1, 'This field is required'),
    driver: z.string().optional(),
  })
  .loose()
  .refine((sql) => Boolean(sql.url || sql.connection), {
    message: 'url or connection is required',
    path: ['connection'],
  });
type SqlConfig = z.infer<typeof sqlSchema>;

type Driver = 'postgres' | 'mysql';

function driverOf(given: string | undefined, url: string, type: string | undefined): Driver {
  const name = (given ?? type ?? url.split(':')[0] ?? '').toLowerCase();
  if (name.startsWith('postgres') || name === 'pgx') return 'postgres';
  if (name === 'mysql' || name === 'mariadb') return 'mysql';
  throw new ActionFailed(`sql: driver ${name || '(none)'} is not supported (postgres, mysql)`);
}

async function queryPostgres(url: string, query: string, signal: AbortSignal) {
  const client = new pg.Client({ connectionString: url, statement_timeout: 60_000 });
  await client.connect();
  const stop = () => void client.end().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    const result = await client.query(query);
    return result.rows.map((row: Record<string, unknown>) => row);
  } finally {
    signal.removeEventListener('abort', stop);
    await client.end().catch(() => undefined);
  }
}

async function queryMysql(url: string, query: string, signal: AbortSignal) {
  const connection = await mysql.createConnection({ uri: url, multipleStatements: false });
  const stop = () => connection.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const [rows] = await connection.query(query);
    return Array.isArray(rows) ? rows.map((row) => ({ ...row })) : [];
  } finally {
    signal.removeEventListener('abort', stop);
    await connection.end().catch(() => undefined);
  }
}

/** sql: a real query on PostgreSQL or MySQL/MariaDB, from a connection or a url. */
export const sqlAction = defineActionType<SqlConfig>({
  kind: 'sql',
  schema: sqlSchema,
  async run(config, context) {
    const connection = config.connection
      ? await context.connections(config.connection, { approved: context.connectionsApproved })
      : undefined;
    const base = config.url || connection?.url;
    if (!base) throw new ActionFailed('sql: the connection has no url');
    const driver = driverOf(config.driver, base, connection?.type);
    const url = withCredentials(base, connection?.username, connection?.password);
    const rows =
      driver === 'postgres'
        ? await queryPostgres(url, config.query, context.signal)
        : await queryMysql(url, config.query, context.signal);
    return { count: rows.length, rows: rows.slice(0, maxRows) };
  },
});

/** A connection keeps its credentials apart from its url; the driver wants them in it. */
function withCredentials(url: string, username?: string | null, password?: string | null) {
  if (!username) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username) return url;
    parsed.username = encodeURIComponent(username);
    parsed.password = encodeURIComponent(password ?? '');
    return parsed.toString();
  } catch {
    return url;
  }
}
