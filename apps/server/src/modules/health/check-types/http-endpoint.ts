import { z } from 'zod';
import { CheckConfigError, envVar, type CheckRunContext, type EnvVar } from './check-type.ts';
import type { AbortHook } from './abortable.ts';
import { httpRequest } from './http-request.ts';
import type { ClientTls } from './tls-config.ts';

/** canary-checker's inline `Connection`: url and basic auth (`connection` is a common field). */
export const httpConnectionFields = {
  url: z.string().min(1).optional(),
  username: envVar.optional(),
  password: envVar.optional(),
};

interface HttpConnectionSpec {
  readonly connection?: string | undefined;
  readonly url?: string | undefined;
  readonly username?: EnvVar | undefined;
  readonly password?: EnvVar | undefined;
}

/** Where an API lives and how to sign in to it, after the connection and secrets are resolved. */
export interface HttpEndpoint {
  readonly url: string;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly insecureSkipVerify: boolean;
}

/**
 * The check's own url and credentials win over its `connection`'s; `legacyUrl` is a
 * deprecated field such as `host`. A URL without a scheme is taken as http://.
 */
export async function resolveHttpEndpoint(
  check: HttpConnectionSpec,
  ctx: CheckRunContext,
  legacyUrl?: string,
): Promise<HttpEndpoint> {
  const own = check.url ?? legacyUrl;
  const connection = check.connection
    ? await ctx.connection(check.connection, own === undefined ? undefined : withScheme(own))
    : undefined;
  const url = own ?? connection?.url ?? undefined;
  if (!url) throw new CheckConfigError('needs url or a connection with a url');
  return {
    url: withScheme(url),
    username: (await ctx.resolveValue(check.username)) ?? connection?.username ?? undefined,
    password: (await ctx.resolveValue(check.password)) ?? connection?.password ?? undefined,
    insecureSkipVerify: connection?.insecureTls ?? false,
  };
}

export function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

/** `apiPath` under the endpoint's own path, so that a proxy prefix such as /prometheus stays. */
export function apiUrl(base: string, apiPath: string, query?: URLSearchParams): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${apiPath}`;
  url.search = query ? query.toString() : '';
  return url.toString();
}

export interface JsonAnswer {
  readonly status: number;
  /** The parsed body, or undefined when it is not JSON. */
  readonly json: unknown;
  readonly body: string;
  readonly elapsedMs: number;
}

/** One API call; throws only when the target cannot be reached (refused, TLS, aborted). */
export async function requestJson(
  endpoint: HttpEndpoint,
  request: {
    readonly method: 'GET' | 'POST';
    readonly url: string;
    readonly body?: string;
    readonly contentType?: string;
    readonly abort: AbortHook;
    /** The check's own TLS settings (prometheus `tls`). */
    readonly tls?: ClientTls;
  },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.contentType) headers['content-type'] = request.contentType;
  const answer = await httpRequest({
    url: request.url,
    method: request.method,
    headers,
    body: request.body,
    auth:
      endpoint.username !== undefined
        ? { username: endpoint.username, password: endpoint.password ?? '' }
        : undefined,
    ntlm: false,
    insecureSkipVerify: endpoint.insecureSkipVerify || request.tls?.rejectUnauthorized === false,
    ca: request.tls?.ca,
    cert: request.tls?.cert,
    key: request.tls?.key,
    abort: request.abort,
  });
  return {
    status: answer.status,
    json: parseJson(answer.body),
    body: answer.body,
    elapsedMs: answer.elapsedMs,
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A short excerpt of a body that is not the expected JSON, for an error message. */
export function bodyExcerpt(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text || '(empty body)';
}
