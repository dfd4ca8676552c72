import { CheckConfigError, type CheckRunContext, type EnvVar } from './check-type.ts';

/** Where a database check connects, with its credentials resolved. */
export interface Target {
  /** The URL or connection string, with `$(username)` and `$(password)` filled in. */
  readonly url: string;
  /** From the check's fields, else from the connection; used when the URL carries none. */
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly insecureTls: boolean;
}

/** canary-checker's `Connection` fields as they appear inline in a check. */
export interface ConnectionFields {
  readonly connection?: string | undefined;
  readonly url?: string | undefined;
  readonly username?: EnvVar | undefined;
  readonly password?: EnvVar | undefined;
}

export const CONNECTION_REFERENCE = /^connection:\/\/[^/]+\/[^/]+$/;

/**
 * Resolves `connection` (a `connection://ns/name` reference, or the connection string itself),
 * `url`, `username` and `password` the way canary-checker does: the check's own fields win over
 * the connection's, and `$(username)` / `$(password)` in the URL are replaced.
 */
export async function resolveTarget(
  fields: ConnectionFields,
  ctx: CheckRunContext,
): Promise<Target> {
  const reference = fields.connection?.startsWith('connection:') ? fields.connection : undefined;
  if (reference !== undefined && !CONNECTION_REFERENCE.test(reference)) {
    throw new CheckConfigError('connection must look like connection://<namespace>/<name>');
  }
  const stored = reference === undefined ? null : await ctx.connection(reference, fields.url);
  const inline = reference === undefined ? fields.connection : undefined;
  const raw = fields.url ?? inline ?? stored?.url ?? undefined;
  if (raw === undefined || raw === '') {
    throw new CheckConfigError(`${fields.connection ?? 'the check'} has no url`);
  }
  const username = (await ctx.resolveValue(fields.username)) ?? stored?.username ?? undefined;
  const password = (await ctx.resolveValue(fields.password)) ?? stored?.password ?? undefined;
  return {
    url: interpolate(raw, username, password),
    username,
    password,
    insecureTls: stored?.insecureTls ?? false,
  };
}

function interpolate(url: string, username?: string, password?: string): string {
  const encode = url.includes('://') ? encodeURIComponent : (value: string) => value;
  return url
    .replaceAll('$(username)', encode(username ?? ''))
    .replaceAll('$(password)', encode(password ?? ''));
}

/** A connection string fit to show and store: no user info, no `password=` values. */
export function sanitizeEndpoint(connection: string): string {
  if (connection.startsWith('connection://')) return connection;
  return connection
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, '$1')
    .replace(/^[^@/()]*@(tcp|unix)\(/, '$1(')
    .replace(/(password|pwd)=([^;&\s]*)/gi, '$1=###');
}
