import { testActorHeader } from '../app.ts';
import type { Caller } from '../data-api/helpers.ts';

export interface CatalogAnswer {
  readonly status: number;
  readonly json: unknown;
}

/** POST /api/catalog/{path} as a role (or anonymous), with a JSON body. */
export async function postCatalog(
  baseUrl: string,
  path: string,
  body: unknown,
  role: Caller = 'viewer',
): Promise<CatalogAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (role !== 'anonymous') headers[testActorHeader] = role;
  const response = await fetch(`${baseUrl}/api/catalog/${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}
