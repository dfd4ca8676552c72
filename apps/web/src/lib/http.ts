import { z } from 'zod';
import { apiBase, type ApiName } from './api-endpoints.ts';
import { apiErrorFromResponse } from './api-error.ts';
import { redirectToAuthCheck } from './auth-redirect.ts';
import { parseTotalEntries } from './content-range.ts';
import { takeEarlyGet } from './early-request.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended to the path; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

export interface ListResult<T> {
  data: T[];
  totalEntries: number | undefined;
}

export const networkErrorMessage = 'Unknown error happened while fetching.';

/** The query layer gives every call a signal; aborts must stay aborts, not error toasts. */
function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

export function buildUrl(api: ApiName, path: string, query: RequestOptions['query']): string {
  const url = `${apiBase(api)}${path.startsWith('/') || path === '' ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(api: string, options: RequestOptions, prefer: string[]): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const preferences = api === 'db' ? ['return=representation', ...prefer] : prefer;
  if (preferences.length > 0) headers.set('Prefer', preferences.join(', '));
  for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
  return headers;
}

async function send(
  api: ApiName,
  path: string,
  options: RequestOptions,
  prefer: string[],
): Promise<Response> {
  const url = buildUrl(api, path, options.query);
  let response: Response;
  const early =
    options.method === undefined || options.method === 'GET' ? takeEarlyGet(url) : undefined;
  try {
    response = early
      ? await early
      : await fetch(url, {
          method: options.method ?? 'GET',
          headers: buildHeaders(api, options, prefer),
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
          credentials: 'same-origin',
        });
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    throw new Error(networkErrorMessage, { cause: error });
  }
  if (response.status === 401) redirectToAuthCheck();
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  // A regex stops at the first character; trim() would copy a multi-megabyte answer.
  return /\S/.test(text) ? JSON.parse(text) : null;
}

/** A zod error is unreadable in a toast; keep it as the cause. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown, path: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`Unexpected response from ${path}`, { cause: parsed.error });
  return parsed.data;
}

/** One call to a named API; the answer is parsed with the caller's schema. */
export async function apiRequest<S extends z.ZodType>(
  api: ApiName,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const response = await send(api, path, options, []);
  return parseBody(schema, await readJson(response), path);
}

/** A list call: asks for an exact count and reads the total from `Content-Range`. */
export async function apiList<S extends z.ZodType>(
  api: ApiName,
  path: string,
  itemSchema: S,
  options: RequestOptions = {},
): Promise<ListResult<z.output<S>>> {
  const response = await send(api, path, options, ['count=exact']);
  const body = await readJson(response);
  const data = parseBody(z.array(itemSchema), body ?? [], path);
  return { data, totalEntries: parseTotalEntries(response.headers.get('Content-Range')) };
}

/** A file download (a snapshot zip): the body as a blob, errors parsed as for JSON calls. */
export async function apiBlob(
  api: ApiName,
  path: string,
  options: RequestOptions = {},
): Promise<Blob> {
  const response = await send(api, path, options, []);
  return response.blob();
}
