import { createHash, randomBytes } from 'node:crypto';
import type { HttpAnswer, HttpProbe } from './http-request.ts';
import type { Send } from './ntlm.ts';

/** A `WWW-Authenticate: Digest …` challenge's parameters (RFC 7616 §3.3). */
export type DigestChallenge = Readonly<Record<string, string>>;

export interface DigestInput {
  readonly username: string;
  readonly password: string;
  readonly method: string;
  /** The request target: path and query. */
  readonly uri: string;
  readonly body: string | undefined;
  readonly cnonce: string;
  readonly nc: number;
}

const hashes: Readonly<Record<string, string>> = { MD5: 'md5', 'SHA-256': 'sha256' };

/**
 * HTTP digest authentication (RFC 7616): the request goes once without credentials and, when
 * it is answered 401 with a Digest challenge, once more with the computed response. Any other
 * answer (or an algorithm other than MD5 and SHA-256, with or without -sess) is returned as is.
 */
export async function digestRequest(
  probe: HttpProbe,
  credentials: { readonly username: string; readonly password: string },
  send: Send,
): Promise<HttpAnswer> {
  const started = performance.now();
  const anonymous = { ...probe, auth: undefined };
  const first = await send(anonymous, probe.headers, false);
  const challenge =
    first.status === 401 ? digestChallenge(first.headers['www-authenticate']) : undefined;
  if (challenge === undefined) return first;
  const url = new URL(probe.url);
  const authorization = digestAuthorization(challenge, {
    ...credentials,
    method: probe.method,
    uri: `${url.pathname}${url.search}`,
    body: probe.body,
    cnonce: randomBytes(16).toString('hex'),
    nc: 1,
  });
  if (authorization === undefined) return first;
  const answer = await send(anonymous, { ...probe.headers, authorization }, false);
  return { ...answer, elapsedMs: Math.round(performance.now() - started) };
}

/** The Digest challenge of a WWW-Authenticate header (which may list other schemes too). */
export function digestChallenge(header: string | undefined): DigestChallenge | undefined {
  const start = header?.search(/(?:^|,\s*)Digest\s/i) ?? -1;
  if (header === undefined || start < 0) return undefined;
  const rest = header.slice(start).replace(/^,?\s*Digest\s+/i, '');
  const params: Record<string, string> = {};
  const pair = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))\s*(?:,\s*|$)/y;
  let match: RegExpExecArray | null;
  while ((match = pair.exec(rest)) !== null) {
    const name = (match[1] ?? '').toLowerCase();
    params[name] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
  }
  return params.nonce === undefined ? undefined : params;
}

/** The `Authorization: Digest …` value answering `challenge`, or undefined for an unknown algorithm. */
export function digestAuthorization(
  challenge: DigestChallenge,
  input: DigestInput,
): string | undefined {
  const algorithm = challenge.algorithm ?? 'MD5';
  const session = /-sess$/i.test(algorithm);
  const hashName = hashes[algorithm.replace(/-sess$/i, '').toUpperCase()];
  if (hashName === undefined) return undefined;
  const h = (text: string) => createHash(hashName).update(text).digest('hex');
  const realm = challenge.realm ?? '';
  const nonce = challenge.nonce ?? '';
  const offered = (challenge.qop ?? '').split(',').map((q) => q.trim());
  // `auth` when offered (or no qop at all, RFC 2069); `auth-int` only when it is the only one.
  const qop = offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : '';
  const nc = input.nc.toString(16).padStart(8, '0');
  let ha1 = h(`${input.username}:${realm}:${input.password}`);
  if (session) ha1 = h(`${ha1}:${nonce}:${input.cnonce}`);
  const a2 =
    qop === 'auth-int'
      ? `${input.method}:${input.uri}:${h(input.body ?? '')}`
      : `${input.method}:${input.uri}`;
  const response =
    qop === ''
      ? h(`${ha1}:${nonce}:${h(a2)}`)
      : h(`${ha1}:${nonce}:${nc}:${input.cnonce}:${qop}:${h(a2)}`);
  const userhash = challenge.userhash?.toLowerCase() === 'true';
  const fields = [
    `username="${userhash ? h(`${input.username}:${realm}`) : quoted(input.username)}"`,
    `realm="${quoted(realm)}"`,
    `nonce="${quoted(nonce)}"`,
    `uri="${quoted(input.uri)}"`,
    `response="${response}"`,
    `algorithm=${algorithm}`,
  ];
  if (challenge.opaque !== undefined) fields.push(`opaque="${quoted(challenge.opaque)}"`);
  if (qop !== '') fields.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${input.cnonce}"`);
  if (userhash) fields.push('userhash=true');
  return `Digest ${fields.join(', ')}`;
}

function quoted(text: string): string {
  return text.replace(/(["\\])/g, '\\$1');
}
