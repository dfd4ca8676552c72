import { validateHeaderName, validateHeaderValue } from 'node:http';
import net from 'node:net';
import { HTTPParser } from 'http-parser-js';
import type { AbortHook } from './abortable.ts';

export interface PlainRequest {
  readonly url: URL;
  readonly method: string;
  /** Sent as given, after `host` (unless one is set here) and a computed `content-length`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly abort: AbortHook;
  /** Bodies are kept up to this many bytes; the rest is read and dropped. */
  readonly maxBodyBytes: number;
}

export interface PlainResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A second value of these is dropped, as node:http's IncomingMessage does. */
const singleValued = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Methods whose request has a body by default: without one they say `content-length: 0`. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * One HTTP/1.1 request over a fresh TCP connection, for plain-HTTP probes. node:http's client
 * (ClientRequest, IncomingMessage and their streams) cost about a third of a probe's CPU; a
 * socket and http-parser-js do the same exchange. HTTPS and NTLM keep node:http and https.
 */
export function plainHttpRequest(request: PlainRequest): Promise<PlainResponse> {
  let head: string;
  try {
    head = requestHead(request);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: bareHost(request.url.hostname), port: portOf(request.url) });
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    const chunks: Buffer[] = [];
    let kept = 0;
    let status = 0;
    let headers: Record<string, string> = {};
    let done = false;
    // Set below; settle may run inside whenAborted itself, when the run was already aborted.
    const listening = { stop: (): void => undefined };
    const settle = (error: Error | undefined) => {
      if (done) return;
      done = true;
      listening.stop();
      socket.destroy();
      if (error) reject(error);
      else resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
    };
    listening.stop = request.abort.whenAborted((reason) => settle(reason));
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      status = info.statusCode;
      headers = headerRecord(info.headers);
      // A HEAD answer announces a length but carries no body.
      return request.method === 'HEAD' ? 1 : 0;
    };
    parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
      if (kept >= request.maxBodyBytes) return;
      const take = Math.min(length, request.maxBodyBytes - kept);
      chunks.push(chunk.subarray(offset, offset + take));
      kept += take;
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      // An interim answer (100 Continue, 103 Early Hints) is followed by the real one.
      if (status >= 100 && status < 200 && status !== 101) return;
      settle(undefined);
    };
    socket.on('data', (data: Buffer) => {
      const parsed = parser.execute(data);
      if (parsed instanceof Error) settle(parseError(parsed));
    });
    // A body read to the end of the connection completes at its end; else it was cut short.
    // (Checked before making the error: its stack trace is not free, and most closes are ours.)
    socket.on('end', () => {
      parser.finish();
      if (!done) settle(hangUp());
    });
    socket.on('error', (error) => settle(error));
    socket.on('close', () => {
      if (!done) settle(hangUp());
    });
    socket.write(head);
  });
}

function requestHead(request: PlainRequest): string {
  const { url, method, body } = request;
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\n`;
  const names = new Set<string>();
  for (const [name, value] of Object.entries(request.headers)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    names.add(name.toLowerCase());
  }
  if (!names.has('host')) head += `Host: ${url.host}\r\n`;
  if (!names.has('authorization') && url.username !== '') {
    // Credentials in the URL are sent as basic auth, as node:http does.
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    head += `Authorization: Basic ${Buffer.from(user).toString('base64')}\r\n`;
  }
  for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
  const framed = names.has('content-length') || names.has('transfer-encoding');
  if (!framed && (body !== undefined || bodyMethods.has(method))) {
    head += `Content-Length: ${body === undefined ? 0 : Buffer.byteLength(body)}\r\n`;
  }
  return `${head}\r\n${body ?? ''}`;
}

function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    const before = out[name];
    if (before === undefined) out[name] = value;
    else if (!singleValued.has(name)) out[name] = `${before}, ${value}`;
  }
  return out;
}

/** `[::1]` is how a URL writes an IPv6 host; a socket wants `::1`. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

function portOf(url: URL): number {
  return url.port === '' ? 80 : Number(url.port);
}

/** The same words node:http uses when a server closes before its answer is complete. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

function parseError(error: Error): Error {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'HPE_INVALID';
  return Object.assign(new Error(`Parse Error: ${code}`), { code });
}
