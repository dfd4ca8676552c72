import type { OpenedConnection } from '../../connections/index.ts';
import { LogBackendError, type LogBackendContext } from './log-backend.ts';

/** Where an HTTP backend sends its request and with which credentials. */
export interface HttpTarget {
  readonly baseUrl: string;
  readonly authorization: string | undefined;
}

/**
 * The backend's url, else its connection's; a connection's credentials go only to its own
 * endpoint (the resolver refuses any other).
 */
export async function httpTarget(
  ctx: LogBackendContext,
  kind: string,
  config: { url?: string | undefined; connection?: string | undefined },
): Promise<HttpTarget> {
  if (config.connection === undefined) {
    if (config.url === undefined)
      throw new LogBackendError(`${kind}: url or connection is required`);
    return { baseUrl: config.url, authorization: undefined };
  }
  const opened = await ctx.connection(config.connection, config.url);
  const baseUrl = config.url ?? opened.url;
  if (!baseUrl) throw new LogBackendError(`${kind}: ${config.connection} has no url`);
  return { baseUrl: withoutUserInfo(baseUrl), authorization: authorizationOf(opened) };
}

function authorizationOf(connection: OpenedConnection): string | undefined {
  if (connection.username && connection.password !== null) {
    const pair = `${connection.username}:${connection.password}`;
    return `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  if (connection.password) return `Bearer ${connection.password}`;
  return undefined;
}

function withoutUserInfo(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

/** A JSON request with a time limit; a non-2xx answer becomes a LogBackendError with its text. */
export async function requestJson(
  ctx: LogBackendContext,
  kind: string,
  url: URL,
  init: { method: 'GET' | 'POST'; authorization: string | undefined; body?: unknown },
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.authorization) headers.authorization = init.authorization;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers,
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(30_000)]),
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (error) {
    throw new LogBackendError(`${kind}: ${url.host} cannot be reached: ${String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new LogBackendError(`${kind}: ${response.status} ${text.slice(0, 300)}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw new LogBackendError(`${kind}: the answer is not JSON: ${text.slice(0, 200)}`);
  }
}
