import pg from 'pg';
import { closeGracefully, untilAborted } from './abortable.ts';
import { CheckConfigError, defineCheckType } from './check-type.ts';
import type { Target } from './connection-target.ts';
import { runSqlCheck, sqlCheckSchema, sqlEndpoint, type SqlDialect } from './sql-check.ts';

/** `spec.postgres[]`: one statement on a fresh connection, judged by its row count. */
export const postgresCheckType = defineCheckType({
  type: 'postgres',
  schema: sqlCheckSchema,
  endpoint: sqlEndpoint,
  run: (check, ctx) => runSqlCheck(check, ctx, postgresDialect),
});

const postgresDialect: SqlDialect = {
  defaultQuery: 'SELECT 1',
  async query(request) {
    const client = new pg.Client({
      ...clientConfig(request.target),
      connectionTimeoutMillis: request.timeoutMs,
      application_name: 'vigil-health-check',
    });
    client.on('error', () => undefined);
    const destroy = () => client.connection.stream.destroy();
    const work = (async () => {
      await client.connect();
      await client.query(`SET statement_timeout = ${request.statementTimeoutMs()}`);
      const result: unknown = await client.query(request.sql);
      return rowsOf(Array.isArray(result) ? result.at(-1) : result);
    })();
    let rows: Array<Record<string, unknown>>;
    try {
      rows = await untilAborted(work, request.signal, request.timeoutMs, destroy);
    } catch (error) {
      destroy();
      throw error;
    }
    await closeGracefully(() => client.end(), destroy);
    return rows;
  },
  // SQLSTATE 42601 is syntax_error; a missing table may be the very fault being watched for.
  isInvalidQuery: (error) => error instanceof pg.DatabaseError && error.code === '42601',
};

/** The rows of a result; a multi-statement query answers with one result per statement. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (typeof result !== 'object' || result === null || !('rows' in result)) return [];
  const rows: unknown = result.rows;
  return Array.isArray(rows) ? rows.filter(isRecord) : [];
}

function isRecord(row: unknown): row is Record<string, unknown> {
  return typeof row === 'object' && row !== null && !Array.isArray(row);
}

/** libpq's URL (`postgres://…`) and keyword/value (`host=… dbname=…`) forms. */
function clientConfig(target: Target): pg.ClientConfig {
  const fields = /^postgres(ql)?:\/\//i.test(target.url)
    ? urlFields(target.url)
    : keywordFields(target.url);
  const port = fields.get('port');
  const sslmode = fields.get('sslmode') ?? 'disable';
  return {
    host: fields.get('host') || '127.0.0.1',
    port: port ? Number(port) : 5432,
    database: fields.get('dbname') || undefined,
    user: fields.get('user') || target.username,
    password: fields.get('user') ? fields.get('password') : target.password,
    ssl: sslConfig(sslmode, target.insecureTls),
  };
}

function sslConfig(sslmode: string, insecureTls: boolean): pg.ClientConfig['ssl'] {
  if (sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer') return false;
  if (sslmode === 'require') return { rejectUnauthorized: false };
  if (sslmode === 'verify-ca' || sslmode === 'verify-full') {
    return { rejectUnauthorized: !insecureTls };
  }
  throw new CheckConfigError(`sslmode ${sslmode} is not known`);
}

function urlFields(url: string): Map<string, string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckConfigError('the postgres url is not a valid URL');
  }
  const fields = new Map(parsed.searchParams);
  if (parsed.hostname)
    fields.set('host', decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')));
  if (parsed.port) fields.set('port', parsed.port);
  if (parsed.username) fields.set('user', decodeURIComponent(parsed.username));
  if (parsed.password) fields.set('password', decodeURIComponent(parsed.password));
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database) fields.set('dbname', database);
  return fields;
}

/** `key=value` pairs separated by spaces; values may be single-quoted with `\` escapes. */
function keywordFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const pair = /\s*([a-z_]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|(\S*))/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pair.exec(text)) !== null) {
    const [, key = '', quoted, plain] = match;
    fields.set(key, quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (plain ?? ''));
    consumed = pair.lastIndex;
  }
  if (text.slice(consumed).trim() !== '' || fields.size === 0) {
    throw new CheckConfigError(
      'the postgres connection string is neither a URL nor key=value pairs',
    );
  }
  return fields;
}
