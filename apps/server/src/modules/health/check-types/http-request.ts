import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AbortHook } from './abortable.ts';
import { ntlmRequest } from './ntlm.ts';
import { plainHttpRequest } from './plain-http.ts';

export interface HttpProbe {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly auth: { readonly username: string; readonly password: string } | undefined;
  readonly ntlm: boolean;
  readonly insecureSkipVerify: boolean;
  /** PEM roots that verify the server; Node's bundled roots when undefined. */
  readonly ca: string | string[] | undefined;
  readonly cert: string | undefined;
  readonly key: string | undefined;
  /** The run's time limit: the request stops when it aborts. */
  readonly abort: AbortHook;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** From the start of the request (connect included) to the last byte of the body. */
  readonly elapsedMs: number;
  /** Whole days until the server certificate expires; undefined over plain HTTP. */
  readonly certificateDaysLeft: number | undefined;
  /** Milliseconds until the server certificate expires; undefined over plain HTTP. */
  readonly certificateMsLeft?: number | undefined;
}

// A shared agent that never reuses: each request makes its own full TLS handshake (no session
// cache), without `agent: false` building an Agent per request.
const freshHttps = new https.Agent({ keepAlive: false, maxCachedSessions: 0 });

/** Bodies are kept for content tests and expressions up to this size; the rest is drained. */
const maxBodyBytes = 1024 * 1024;
const dayMs = 86_400_000;

/**
 * One request on a fresh connection, as a real probe makes it: the time includes the
 * connect (and TLS handshake), and a closed or slow target fails instead of reusing a socket.
 */
export function httpRequest(probe: HttpProbe): Promise<HttpAnswer> {
  if (probe.ntlm && probe.auth) return ntlmRequest(probe, send);
  return send(probe, probe.headers, false);
}

/** Sends once. `keepAlive` holds the socket for a follow-up request (the NTLM handshake). */
export function send(
  probe: HttpProbe,
  headers: Readonly<Record<string, string>>,
  keepAlive: boolean,
  agent?: http.Agent,
): Promise<HttpAnswer> {
  const url = new URL(probe.url);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') {
    return Promise.reject(
      new Error(`protocol ${url.protocol} is not supported, use http or https`),
    );
  }
  const started = performance.now();
  const outgoing: Record<string, string> = { 'user-agent': 'vigil-health-check', ...headers };
  if (probe.auth && !probe.ntlm && outgoing.authorization === undefined) {
    const token = Buffer.from(`${probe.auth.username}:${probe.auth.password}`).toString('base64');
    outgoing.authorization = `Basic ${token}`;
  }
  if (!keepAlive) outgoing.connection = 'close';
  if (!secure && !agent) return sendPlain(probe, url, outgoing, started);
  // node:http(s) takes a signal; plain HTTP above needs none (RunAbort).
  const controller = new AbortController();
  const stopListening = probe.abort.whenAborted((reason) => controller.abort(reason));
  const options: https.RequestOptions = {
    method: probe.method,
    headers: outgoing,
    signal: controller.signal,
    agent: agent ?? freshHttps,
    rejectUnauthorized: !probe.insecureSkipVerify,
    ...(probe.ca ? { ca: probe.ca } : {}),
    ...(probe.cert ? { cert: probe.cert } : {}),
    ...(probe.key ? { key: probe.key } : {}),
  };
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = (secure ? https : http).request(url, options, (response) => {
      const certificateMsLeft = secure ? msLeft(response.socket) : undefined;
      const certificateDaysLeft =
        certificateMsLeft === undefined ? undefined : Math.floor(certificateMsLeft / dayMs);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < maxBodyBytes) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: flatHeaders(response.headers),
          body: Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8'),
          elapsedMs: Math.round(performance.now() - started),
          certificateDaysLeft,
          certificateMsLeft,
        });
      });
    });
    request.on('error', reject);
    request.end(probe.body);
  }).finally(stopListening);
}

async function sendPlain(
  probe: HttpProbe,
  url: URL,
  headers: Readonly<Record<string, string>>,
  started: number,
): Promise<HttpAnswer> {
  const answer = await plainHttpRequest({
    url,
    method: probe.method,
    headers,
    body: probe.body,
    abort: probe.abort,
    maxBodyBytes,
  });
  const elapsedMs = Math.round(performance.now() - started);
  return { ...answer, elapsedMs, certificateDaysLeft: undefined };
}

function msLeft(socket: unknown): number | undefined {
  if (!isTlsSocket(socket)) return undefined;
  const certificate = socket.getPeerCertificate();
  if (!certificate.valid_to) return undefined;
  return Date.parse(certificate.valid_to) - Date.now();
}

function isTlsSocket(socket: unknown): socket is TLSSocket {
  return typeof socket === 'object' && socket !== null && 'getPeerCertificate' in socket;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
