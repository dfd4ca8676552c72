import { ApiError } from '../platform/errors.ts';

/** PostgREST's own error codes and statuses, so that its clients react as they expect. */
export const pgrst = {
  parse: (message: string, details: string | null = null) =>
    new ApiError(400, 'PGRST100', message, details),
  invalidBody: (message: string) => new ApiError(400, 'PGRST102', message),
  range: (details: string | null = null) =>
    new ApiError(416, 'PGRST103', 'Requested range not satisfiable', details),
  notEmbedded: (name: string) =>
    new ApiError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  singular: (count: number) =>
    new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${count} rows`,
    ),
  unsupportedMethod: (message: string) => new ApiError(405, 'PGRST117', message),
  noRelationship: (source: string, target: string) =>
    new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
      null,
      `Perhaps you meant a different relationship name; use the select hint '!' to choose one.`,
    ),
  ambiguousEmbed: (source: string, target: string, options: readonly string[]) =>
    new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
      options.join('; '),
      `Try changing '${target}' to one of: ${options.map((o) => `'${target}!${o}'`).join(', ')}.`,
    ),
  noFunction: (name: string) =>
    new ApiError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`),
  noColumnInBody: (column: string, table: string) =>
    new ApiError(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${table}' in the schema cache`,
    ),
  noTable: (name: string) =>
    new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`),
  noColumn: (table: string, column: string) =>
    new ApiError(400, '42703', `column ${table}.${column} does not exist`),
  unauthenticated: (table: string) =>
    new ApiError(401, '42501', `permission denied for ${table}`, null, 'Sign in to continue.'),
  forbidden: (table: string) => new ApiError(403, '42501', `permission denied for ${table}`),
  readOnly: (table: string) => new ApiError(405, 'PGRST117', `Resource ${table} is read-only`),
};

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgErrorLike {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code)
  );
}

/** PostgREST's documented SQLSTATE → HTTP status table. */
export function statusForSqlState(code: string): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42501') return 403;
  if (code === '53400') return 500;
  const prefix = code.slice(0, 2);
  // Class 54 (too many columns, index row too large, stack depth) is what the request asked
  // for, not a server fault: PostgREST answers 500, we answer 400 so that clients fix it.
  if (prefix === '54') return 400;
  if (prefix === '08' || ['53', '55', '57', '58'].includes(prefix)) return 503;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (code === 'P0001') return 400;
  if (['09', '25', '2D', '38', '39', '3B', '40', 'P0', 'XX'].includes(prefix)) return 500;
  return 400;
}

/** Turns a database error into the PostgREST error body; anything else is rethrown. */
export function fromDatabaseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!isPgError(error)) throw error;
  return new ApiError(
    statusForSqlState(error.code),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}
