import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AbortHook } from './abortable.ts';
import { httpRequest, type HttpAnswer } from './http-request.ts';

/** canary-checker's `oauth2`: the client id and secret are the check's username and password. */
export const oauth2Spec = z
  .object({
    tokenURL: z.url().describe('Where the client-credentials token is requested'),
    scope: z.array(z.string()).optional().describe('Scopes asked for, sent space-separated'),
    params: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra form fields of the token request'),
  })
  .strict();

export type Oauth2Spec = z.infer<typeof oauth2Spec>;

export interface Oauth2Client {
  readonly clientId: string;
  readonly clientSecret: string;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

/** A token without expires_in is reused this long (canary-checker keeps it until restart). */
const defaultLifetimeMs = 3_600_000;
/** Go's oauth2 treats a token as expired this long before its expiry. */
const expiryMarginMs = 10_000;
const cache = new Map<string, { token: string; expires: number }>();

/**
 * A bearer token by the OAuth2 client-credentials grant, as Go's clientcredentials does for
 * canary-checker: the client authenticates with basic auth, and when the token endpoint
 * refuses that, with `client_id`/`client_secret` in the form. Tokens are reused until expiry.
 */
export async function oauth2Token(
  spec: Oauth2Spec,
  client: Oauth2Client,
  abort: AbortHook,
): Promise<string> {
  const key = cacheKey(spec, client);
  const cached = cache.get(key);
  if (cached && cached.expires > Date.now()) return cached.token;
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (spec.scope && spec.scope.length > 0) form.set('scope', spec.scope.join(' '));
  for (const [name, value] of Object.entries(spec.params ?? {})) form.set(name, value);
  let answer = await tokenRequest(spec.tokenURL, form, client, 'header', abort);
  if (answer.status < 200 || answer.status > 299) {
    answer = await tokenRequest(spec.tokenURL, form, client, 'params', abort);
  }
  const token = readToken(answer);
  const lifetime = token.expires_in ? token.expires_in * 1000 : defaultLifetimeMs;
  cache.set(key, { token: token.access_token, expires: Date.now() + lifetime - expiryMarginMs });
  return token.access_token;
}

function tokenRequest(
  url: string,
  form: URLSearchParams,
  client: Oauth2Client,
  style: 'header' | 'params',
  abort: AbortHook,
): Promise<HttpAnswer> {
  const body = new URLSearchParams(form);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (style === 'header') {
    const pair = `${formEscape(client.clientId)}:${formEscape(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', client.clientId);
    if (client.clientSecret !== '') body.set('client_secret', client.clientSecret);
  }
  return httpRequest({
    url,
    method: 'POST',
    headers,
    body: body.toString(),
    auth: undefined,
    ntlm: false,
    insecureSkipVerify: false,
    ca: undefined,
    cert: undefined,
    key: undefined,
    abort,
  }).catch((error: unknown) => {
    throw new Error(
      `error fetching oauth access token: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}

function readToken(answer: HttpAnswer): z.infer<typeof tokenAnswer> {
  const fields = parseFields(answer);
  if (answer.status < 200 || answer.status > 299) {
    const code = typeof fields.error === 'string' ? ` ${fields.error}` : '';
    throw new Error(
      `error fetching oauth access token: oauth2: cannot fetch token: ${answer.status}${code}`,
    );
  }
  const parsed = tokenAnswer.safeParse(fields);
  if (!parsed.success) {
    throw new Error(
      'error fetching oauth access token: oauth2: server response missing access_token',
    );
  }
  return parsed.data;
}

function parseFields(answer: HttpAnswer): Record<string, unknown> {
  const type = answer.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('text/plain')) {
    return Object.fromEntries(new URLSearchParams(answer.body));
  }
  try {
    const json: unknown = JSON.parse(answer.body);
    return typeof json === 'object' && json !== null
      ? Object.fromEntries(Object.entries(json))
      : {};
  } catch {
    return {};
  }
}

/** Go's url.QueryEscape, which the client credentials go through before basic auth. */
function formEscape(text: string): string {
  return new URLSearchParams({ x: text }).toString().slice(2);
}

function cacheKey(spec: Oauth2Spec, client: Oauth2Client): string {
  const scopes = (spec.scope ?? []).join(' ');
  return createHash('sha256')
    .update(`${client.clientId}\0${client.clientSecret}\0${spec.tokenURL}\0${scopes}`)
    .digest('hex');
}
