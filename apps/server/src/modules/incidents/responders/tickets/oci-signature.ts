import { createHash, createSign } from 'node:crypto';
import type { OpenedConnection } from '../../../connections/index.ts';
import { propertyOf, TicketError } from './ticket-client.ts';

/** The headers OCI request signing v1 covers, by method (body headers only with a body). */
export const ociSignedHeaders = {
  withBody: [
    'date',
    '(request-target)',
    'host',
    'content-length',
    'content-type',
    'x-content-sha256',
  ],
  plain: ['date', '(request-target)', 'host'],
} as const;

/**
 * Signs a request the way OCI's API signing keys require (draft-cavage HTTP signatures,
 * rsa-sha256, keyId tenancy/user/fingerprint). The private key is the connection's password.
 */
export function ociSign(
  connection: OpenedConnection,
  request: { method: 'GET' | 'POST'; url: URL; body?: string; now?: Date },
): Record<string, string> {
  const tenancy = propertyOf(connection, 'tenancy');
  const user = propertyOf(connection, 'user');
  const fingerprint = propertyOf(connection, 'fingerprint');
  if (!tenancy || !user || !fingerprint || !connection.password) {
    throw new TicketError(
      `connection ${connection.name} needs tenancy, user, fingerprint and a private key`,
    );
  }
  const headers: Record<string, string> = { date: (request.now ?? new Date()).toUTCString() };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(request.body));
    headers['x-content-sha256'] = createHash('sha256').update(request.body).digest('base64');
  }
  const names = request.body === undefined ? ociSignedHeaders.plain : ociSignedHeaders.withBody;
  const target = `${request.method.toLowerCase()} ${request.url.pathname}${request.url.search}`;
  const text = names
    .map((name) => `${name}: ${valueOf(name, target, request.url.host, headers)}`)
    .join('\n');
  const signature = createSign('RSA-SHA256').update(text).sign(connection.password, 'base64');
  return {
    ...headers,
    authorization:
      `Signature version="1",keyId="${tenancy}/${user}/${fingerprint}",algorithm="rsa-sha256",` +
      `headers="${names.join(' ')}",signature="${signature}"`,
  };
}

/** Host is sent by fetch from the url itself; the signature must cover that same value. */
function valueOf(name: string, target: string, host: string, headers: Record<string, string>) {
  if (name === '(request-target)') return target;
  if (name === 'host') return host;
  return headers[name] ?? '';
}
