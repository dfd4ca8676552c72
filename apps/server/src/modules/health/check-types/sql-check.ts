import { z } from 'zod';
import { runBudget } from './abortable.ts';
import {
  commonCheckFields,
  envVar,
  errorText,
  failed,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';
import {
  CONNECTION_REFERENCE,
  resolveTarget,
  sanitizeEndpoint,
  type Target,
} from './connection-target.ts';
import { checkTemplateData, renderField } from './spec-template.ts';

/** Rows kept for expressions; the count still reports every row the query returned. */
export const MAX_ROWS = 1000;

/** canary-checker's SQLCheck, shared by `postgres`, `mysql` and `mssql`. */
export const sqlCheckSchema = z
  .object({
    ...commonCheckFields,
    /** `connection://ns/name`, or (as canary-checker allows) the connection string itself. */
    connection: z
      .string()
      .min(1)
      .refine((v) => !v.startsWith('connection:') || CONNECTION_REFERENCE.test(v), {
        message: 'must look like connection://<namespace>/<name>, or be the connection string',
      })
      .optional(),
    url: z.string().min(1).optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    query: z.string().min(1).optional(),
    /** The least number of rows the query must return. */
    results: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine((c) => c.url !== undefined || c.connection !== undefined, {
    message: 'needs url or connection',
    path: ['url'],
  });

export type SqlCheck = z.infer<typeof sqlCheckSchema>;

export interface SqlQuery {
  readonly target: Target;
  readonly sql: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** What is left of the time limit for the statement itself, measured when it is sent. */
  statementTimeoutMs(): number;
}

/** One SQL dialect: a probe that opens a connection, runs one statement and closes it. */
export interface SqlDialect {
  readonly defaultQuery: string;
  /** Resolves with every row; rejects with the driver's or server's error. */
  query(request: SqlQuery): Promise<ReadonlyArray<Record<string, unknown>>>;
  /** The statement itself is wrong (syntax): the check is invalid, not the target unhealthy. */
  isInvalidQuery(error: unknown): boolean;
}

export function sqlEndpoint(check: SqlCheck): string | undefined {
  const raw = check.url ?? check.connection;
  return raw === undefined ? undefined : sanitizeEndpoint(raw);
}

/** Runs an SQL check with one dialect and judges the rows against `results`. */
export async function runSqlCheck(
  check: SqlCheck,
  ctx: CheckRunContext,
  dialect: SqlDialect,
): Promise<CheckOutcome> {
  const budget = runBudget(ctx.timeoutMs);
  const target = await resolveTarget(check, ctx);
  const sql = check.query?.includes('{{')
    ? renderField('query', check.query, await checkTemplateData(check, ctx))
    : check.query;
  const started = performance.now();
  let rows: ReadonlyArray<Record<string, unknown>>;
  try {
    rows = await dialect.query({
      target,
      sql: sql ?? dialect.defaultQuery,
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      statementTimeoutMs: budget.left,
    });
  } catch (error) {
    if (dialect.isInvalidQuery(error)) {
      return { pass: false, invalid: true, error: errorText(error), data: {} };
    }
    return failed(errorText(error));
  }
  const elapsed = Math.round(performance.now() - started);
  return judge(check, rows, elapsed);
}

function judge(
  check: SqlCheck,
  rows: ReadonlyArray<Record<string, unknown>>,
  elapsed: number,
): CheckOutcome {
  const count = rows.length;
  const kept = rows.slice(0, MAX_ROWS).map(plainRow);
  const data = { results: { rows: kept, count }, count, elapsed };
  const detail = { count, elapsed };
  const fail = (error: string) => ({ pass: false, error, data, detail, duration: elapsed });
  if (count === 0 && check.markFailOnEmpty === true) return fail('query returned no rows');
  if (check.results !== undefined && count < check.results) {
    return fail(`query returned ${count} rows, expected ${check.results}`);
  }
  const noun = count === 1 ? 'row' : 'rows';
  return {
    pass: true,
    message: `${count} ${noun} in ${elapsed}ms`,
    data,
    detail,
    duration: elapsed,
  };
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) plain[key] = plainValue(value);
  return plain;
}

/** JSON-safe values for expressions and storage: dates as ISO text, bytes as base64. */
export function plainValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (Array.isArray(value)) return value.map(plainValue);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, plainValue(v)]);
    return Object.fromEntries(entries);
  }
  return value;
}
