import { createSign } from 'node:crypto';
import { z } from 'zod';
import { CheckConfigError, errorText } from './check-type.ts';

const serviceAccountKey = z.object({
  type: z.literal('service_account'),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
});

const tokenAnswer = z.object({ access_token: z.string().min(1) });

/** The scopes Google's Cloud SQL Admin client asks for. */
export const cloudSqlScopes =
  'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/sqlservice.admin';

/**
 * A service account key (JSON) exchanged for an OAuth2 access token, as Google documents it
 * (RFC 7523 JWT bearer grant): an RS256 assertion signed by the key, posted to the key's
 * own `token_uri`, as Go's `google.CredentialsFromJSON` does.
 */
export async function serviceAccountToken(
  keyJson: string,
  scope: string,
  signal: AbortSignal,
): Promise<string> {
  const key = parseServiceAccountKey(keyJson);
  const now = Math.floor(Date.now() / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(key.private_key_id ? { kid: key.private_key_id } : {}),
  };
  const claims = { iss: key.client_email, scope, aud: key.token_uri, iat: now, exp: now + 3600 };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key, 'base64url');
  } catch (error) {
    throw new CheckConfigError(`gcpConnection.credentials private_key: ${errorText(error)}`);
  }
  const response = await fetch(key.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${unsigned}.${signature}`,
    }),
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `token exchange at ${key.token_uri} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  const parsed = tokenAnswer.safeParse(safeJson(text));
  if (!parsed.success) throw new Error(`token exchange at ${key.token_uri} gave no access_token`);
  return parsed.data.access_token;
}

function parseServiceAccountKey(text: string) {
  const parsed = serviceAccountKey.safeParse(safeJson(text));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new CheckConfigError(
      `gcpConnection.credentials is not a service account key (JSON)${field ? `: ${field} is missing or wrong` : ''}`,
    );
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}
