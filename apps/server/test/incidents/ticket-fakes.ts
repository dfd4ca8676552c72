import { createHash, createHmac, createVerify } from 'node:crypto';
import http from 'node:http';

/** One request a fake ticket system received. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  json(): unknown;
}

export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A local ticket system: records every request; `answer` says what the real API would. */
export async function startTicketFake(answer: (request: Received) => Answer) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        text,
        json: (): unknown => (text === '' ? null : JSON.parse(text)),
      };
      received.push(entry);
      const reply = answer(entry);
      response.statusCode = reply.status ?? 200;
      response.setHeader('content-type', 'application/json');
      for (const [name, value] of Object.entries(reply.headers ?? {})) {
        response.setHeader(name, value);
      }
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string): Buffer =>
  createHmac('sha256', key).update(text).digest();

/**
 * Verifies an AWS Signature Version 4 the way AWS does (independently of the SDK): answers
 * the signing scope, or throws naming what does not match.
 */
export function verifySigV4(request: Received, secretKey: string): string {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
  if (!match) throw new Error(`not a SigV4 authorization: ${request.headers.authorization}`);
  const [, accessKey, day = '', region, service, signed = '', signature] = match;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const [path = '/', query = ''] = request.path.split('?');
  const names = signed.split(';');
  const canonical = [
    request.method,
    path,
    query,
    ...names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}`),
    '',
    signed,
    sha256(request.text),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secretKey}`, day);
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  if (expected !== signature) throw new Error('SigV4 signature does not match');
  return `${accessKey}/${scope}`;
}

/** Verifies an OCI request signature with the API key's public half; answers the keyId. */
export function verifyOciSignature(request: Received, publicKey: string): string {
  const auth = String(request.headers.authorization ?? '');
  const part = (name: string): string => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
  const text = part('headers')
    .split(' ')
    .map((name) =>
      name === '(request-target)'
        ? `${name}: ${request.method.toLowerCase()} ${request.path}`
        : `${name}: ${String(request.headers[name] ?? '')}`,
    )
    .join('\n');
  const valid = createVerify('RSA-SHA256')
    .update(text)
    .verify(publicKey, part('signature'), 'base64');
  if (!valid) throw new Error('OCI signature does not match');
  if (request.text !== '') {
    const digest = createHash('sha256').update(request.text).digest('base64');
    if (request.headers['x-content-sha256'] !== digest) throw new Error('x-content-sha256 differs');
  }
  return part('keyId');
}
