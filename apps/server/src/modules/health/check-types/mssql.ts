import type { Connection, ConnectionConfiguration, Request } from 'tedious';
import { z } from 'zod';
import { untilAborted } from './abortable.ts';
import { CheckConfigError, defineCheckType } from './check-type.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';
import type { Target } from './connection-target.ts';
import {
  runSqlCheck,
  sqlCheckSchema,
  sqlEndpoint,
  type SqlDialect,
  type SqlQuery,
} from './sql-check.ts';

/** `spec.mssql[]`: one batch on a fresh SQL Server connection (TDS, through tedious). */
export const mssqlCheckType = defineCheckType({
  type: 'mssql',
  schema: sqlCheckSchema,
  endpoint: sqlEndpoint,
  run: (check, ctx) => runSqlCheck(check, ctx, mssqlDialect),
});

const tedious = lazyModule(() => import('tedious'));

/** SQL Server's "Incorrect syntax near …" and "… near the keyword …". */
const SYNTAX_ERRORS = new Set([102, 156]);

const rowColumns = z.array(
  z.object({ metadata: z.object({ colName: z.string() }), value: z.unknown() }),
);

const mssqlDialect: SqlDialect = {
  defaultQuery: 'SELECT 1 AS result',
  async query(request) {
    const driver = await tedious();
    const connection = new driver.Connection(configuration(request));
    connection.on('error', () => undefined);
    try {
      const work = runBatch(connection, request, driver.Request);
      return await untilAborted(work, request.signal, request.timeoutMs, () => connection.close());
    } finally {
      connection.close();
    }
  },
  isInvalidQuery: (error) => {
    const number = requestErrorNumber(error);
    return number !== undefined && SYNTAX_ERRORS.has(number);
  },
};

/** tedious's RequestError carries the server's error number. */
function requestErrorNumber(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('number' in error)) return undefined;
  return typeof error.number === 'number' ? error.number : undefined;
}

function runBatch(
  connection: Connection,
  request: SqlQuery,
  RequestClass: typeof Request,
): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    connection.connect((connectError) => {
      if (connectError) return reject(withCause(connectError));
      const rows: Array<Record<string, unknown>> = [];
      const batch = new RequestClass(request.sql, (error) =>
        error ? reject(error) : resolve(rows),
      );
      batch.setTimeout(request.statementTimeoutMs());
      batch.on('row', (columns: unknown) => {
        const parsed = rowColumns.safeParse(columns);
        if (!parsed.success) return;
        rows.push(Object.fromEntries(parsed.data.map((c) => [c.metadata.colName, c.value])));
      });
      connection.execSqlBatch(batch);
    });
  });
}

/** tedious hides why a connect failed (ECONNREFUSED…) in an AggregateError cause. */
function withCause(error: Error): Error {
  const cause = error.cause;
  if (!(cause instanceof AggregateError) || cause.errors.length === 0) return error;
  const reasons = cause.errors.map((e) => (e instanceof Error ? e.message : String(e)));
  return new Error(`${error.message}: ${reasons.join('; ')}`, { cause: error });
}

function configuration(request: SqlQuery): ConnectionConfiguration {
  const fields = parseConnection(request.target);
  const [host = '', instanceName] = (fields.get('server') ?? '127.0.0.1').split('\\');
  const port = fields.get('port');
  const user = fields.get('user id');
  return {
    server: host,
    authentication: {
      type: 'default',
      options: {
        userName: user ?? request.target.username,
        password: user !== undefined ? fields.get('password') : request.target.password,
      },
    },
    options: {
      ...(instanceName ? { instanceName } : { port: port ? Number(port) : 1433 }),
      database: fields.get('database') || undefined,
      encrypt: encryptOption(fields.get('encrypt')),
      trustServerCertificate:
        request.target.insecureTls ||
        /^(true|yes|1)$/i.test(fields.get('trustservercertificate') ?? ''),
      connectTimeout: request.timeoutMs,
      cancelTimeout: 1000,
      maxRetriesOnTransientErrors: 0,
      appName: 'vigil-health-check',
    },
  };
}

/** go-mssqldb's values: `disable`/`false` go without TLS (if the server allows), `strict` is TDS 8. */
function encryptOption(value: string | undefined): boolean | 'strict' {
  const text = (value ?? 'true').toLowerCase();
  if (['disable', 'false', 'no', 'optional', '0'].includes(text)) return false;
  if (['true', 'yes', 'mandatory', '1'].includes(text)) return true;
  if (text === 'strict') return 'strict';
  throw new CheckConfigError(`encrypt=${value ?? ''} is not known (true, false, disable, strict)`);
}

const KEY_ALIASES: Readonly<Record<string, string>> = {
  'data source': 'server',
  address: 'server',
  addr: 'server',
  'network address': 'server',
  uid: 'user id',
  user: 'user id',
  pwd: 'password',
  'initial catalog': 'database',
};

/** `sqlserver://user:pass@host:port/instance?database=db` or ADO `server=host,port;user id=…`. */
function parseConnection(target: Target): Map<string, string> {
  const fields = /^(sqlserver|mssql):\/\//i.test(target.url)
    ? urlFields(target.url)
    : adoFields(target.url);
  const server = fields.get('server') ?? '';
  const comma = server.indexOf(',');
  if (comma >= 0) {
    fields.set('port', server.slice(comma + 1).trim());
    fields.set('server', server.slice(0, comma).trim());
  }
  fields.set('server', (fields.get('server') ?? '').replace(/^tcp:/i, ''));
  return fields;
}

function urlFields(url: string): Map<string, string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckConfigError('the mssql url is not a valid URL');
  }
  const fields = new Map([...parsed.searchParams].map(([k, v]) => [normalKey(k), v]));
  const instance = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  fields.set('server', host + (instance ? `\\${instance}` : ''));
  if (parsed.port) fields.set('port', parsed.port);
  if (parsed.username) fields.set('user id', decodeURIComponent(parsed.username));
  if (parsed.username) fields.set('password', decodeURIComponent(parsed.password));
  return fields;
}

function adoFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (part.trim() === '') continue;
    if (eq < 1)
      throw new CheckConfigError('the mssql connection string is neither a URL nor key=value;…');
    fields.set(normalKey(part.slice(0, eq)), part.slice(eq + 1).trim());
  }
  return fields;
}

function normalKey(key: string): string {
  const lower = key.trim().toLowerCase();
  return KEY_ALIASES[lower] ?? lower;
}
