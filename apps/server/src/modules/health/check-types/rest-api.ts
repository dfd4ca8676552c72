import type { CheckRunContext } from './check-type.ts';
import { bodyExcerpt } from './http-endpoint.ts';
import { httpRequest } from './http-request.ts';

/** A GET to a cloud service's REST API with its own auth header or basic auth. */
export async function getJson(
  url: string,
  ctx: CheckRunContext,
  auth: { readonly header?: string; readonly basic?: { username: string; password: string } },
): Promise<{ status: number; json: unknown; body: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth.header !== undefined) headers.authorization = auth.header;
  const answer = await httpRequest({
    url,
    method: 'GET',
    headers,
    body: undefined,
    auth: auth.basic,
    ntlm: false,
    insecureSkipVerify: false,
    ca: undefined,
    cert: undefined,
    key: undefined,
    abort: ctx,
  });
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  return { status: answer.status, json, body: answer.body };
}

/** `401 Unauthorized: <excerpt>`, for an answer that is not a success. */
export function statusText(answer: { status: number; body: string }): string {
  return `HTTP ${answer.status}: ${bodyExcerpt(answer.body)}`;
}
