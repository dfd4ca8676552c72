import type { ConnectionOptions, createConnection } from 'mysql2';
import { closeGracefully, untilAborted } from './abortable.ts';
import { CheckConfigError, defineCheckType } from './check-type.ts';
import type { Target } from './connection-target.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { runSqlCheck, sqlCheckSchema, sqlEndpoint, type SqlDialect } from './sql-check.ts';

/** `spec.mysql[]`: one statement on a fresh MySQL or MariaDB connection. */
export const mysqlCheckType = defineCheckType({
  type: 'mysql',
  schema: sqlCheckSchema,
  endpoint: sqlEndpoint,
  run: (check, ctx) => runSqlCheck(check, ctx, mysqlDialect),
});

const mysql2 = lazyModule(() => import('mysql2'));

const ER_PARSE_ERROR = 1064;
const ER_UNKNOWN_SYSTEM_VARIABLE = 1193;

const mysqlDialect: SqlDialect = {
  defaultQuery: 'SELECT 1',
  async query(request) {
    const driver = await mysql2();
    const raw = driver.createConnection({
      ...connectionOptions(request.target),
      connectTimeout: request.timeoutMs,
      dateStrings: true,
      supportBigNumbers: true,
      multipleStatements: false,
    });
    raw.on('error', () => undefined);
    const connection = raw.promise();
    const work = (async () => {
      await limitStatementTime(connection, request.statementTimeoutMs());
      const [answer] = await connection.query(request.sql);
      const rows: unknown[] = Array.isArray(answer) ? answer : [];
      return rows.filter(isRecord);
    })();
    let rows: Array<Record<string, unknown>>;
    try {
      rows = await untilAborted(work, request.signal, request.timeoutMs, () => raw.destroy());
    } catch (error) {
      raw.destroy();
      throw error;
    }
    await closeGracefully(
      () => connection.end(),
      () => raw.destroy(),
    );
    return rows;
  },
  isInvalidQuery: (error) => errno(error) === ER_PARSE_ERROR,
};

type PromiseConnection = ReturnType<ReturnType<typeof createConnection>['promise']>;

/** MariaDB's max_statement_time (seconds) covers every statement; MySQL has only SELECT's. */
async function limitStatementTime(connection: PromiseConnection, ms: number): Promise<void> {
  try {
    await connection.query(`SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}`);
  } catch (error) {
    if (errno(error) !== ER_UNKNOWN_SYSTEM_VARIABLE) throw error;
    await connection.query(`SET SESSION max_execution_time = ${Math.ceil(ms)}`);
  }
}

function errno(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('errno' in error)) return undefined;
  return typeof error.errno === 'number' ? error.errno : undefined;
}

function isRecord(row: unknown): row is Record<string, unknown> {
  return typeof row === 'object' && row !== null && !Array.isArray(row);
}

/**
 * `mysql://user:pass@host:port/db` URLs and Go driver DSNs (`user:pass@tcp(host:port)/db`),
 * which canary-checker also accepts behind a `mysql://` prefix.
 */
function connectionOptions(target: Target): ConnectionOptions {
  const dsn = target.url.replace(/^mysql:\/\//i, '');
  const isDsn = !target.url.includes('://') || /(^|@)\w+\(/.test(dsn);
  const fields = isDsn ? dsnFields(dsn) : urlFields(target.url);
  const user = fields.get('user');
  const tls = fields.get('tls') ?? fields.get('ssl') ?? 'false';
  return {
    host: fields.get('host') || '127.0.0.1',
    port: fields.get('port') ? Number(fields.get('port')) : 3306,
    socketPath: fields.get('socket'),
    database: fields.get('database') || undefined,
    user: user ?? target.username,
    password: user !== undefined ? fields.get('password') : target.password,
    ssl: tlsOptions(tls, target.insecureTls),
  };
}

function tlsOptions(tls: string, insecureTls: boolean): ConnectionOptions['ssl'] {
  if (tls === 'false' || tls === 'preferred') return undefined;
  if (tls === 'skip-verify') return { rejectUnauthorized: false };
  if (tls === 'true') return { rejectUnauthorized: !insecureTls };
  throw new CheckConfigError(`tls=${tls} is not known (true, false, skip-verify, preferred)`);
}

function urlFields(url: string): Map<string, string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckConfigError('the mysql url is not a valid URL');
  }
  const fields = new Map(parsed.searchParams);
  fields.set('host', parsed.hostname.replace(/^\[|\]$/g, ''));
  if (parsed.port) fields.set('port', parsed.port);
  if (parsed.username) fields.set('user', decodeURIComponent(parsed.username));
  if (parsed.username) fields.set('password', decodeURIComponent(parsed.password));
  fields.set('database', decodeURIComponent(parsed.pathname.replace(/^\//, '')));
  return fields;
}

const DSN =
  /^(?:(?<user>[^:@]*)(?::(?<password>.*))?@)?(?:(?<net>\w+)\((?<address>[^)]*)\))?\/(?<database>[^?]*)(?:\?(?<params>.*))?$/s;

function dsnFields(dsn: string): Map<string, string> {
  const groups = DSN.exec(dsn)?.groups;
  if (!groups) {
    throw new CheckConfigError(
      'the mysql connection is neither a URL nor user:pass@tcp(host:port)/db',
    );
  }
  const fields = new Map(new URLSearchParams(groups.params ?? ''));
  if (groups.user !== undefined) fields.set('user', groups.user);
  if (groups.user !== undefined) fields.set('password', groups.password ?? '');
  fields.set('database', groups.database ?? '');
  const address = groups.address ?? '';
  if (groups.net === 'unix') fields.set('socket', address);
  else if (address) {
    const colon = address.lastIndexOf(':');
    fields.set('host', colon < 0 ? address : address.slice(0, colon).replace(/^\[|\]$/g, ''));
    if (colon >= 0) fields.set('port', address.slice(colon + 1));
  }
  return fields;
}
