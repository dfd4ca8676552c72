import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunAbort } from '../../../src/modules/health/check-types/abortable.ts';
import { plainHttpRequest } from '../../../src/modules/health/check-types/plain-http.ts';

/**
 * A raw TCP server answering each path with exact bytes, so that framings node:http's own
 * server never produces (interim answers, bodies ended by the close, cut-off answers) are met.
 */
const received: string[] = [];
const answers: Record<string, (socket: net.Socket) => void> = {
  '/chunked': (s) =>
    s.end(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n' +
        '5\r\nhello\r\n7\r\n, vigil\r\n0\r\n\r\n',
    ),
  '/until-close': (s) => {
    s.write('HTTP/1.1 200 OK\r\nX-Part: 1\r\n\r\nfirst ');
    setTimeout(() => s.end('second'), 20);
  },
  '/interim': (s) =>
    s.end(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n' +
        'HTTP/1.1 201 Created\r\nContent-Length: 4\r\n\r\ndone',
    ),
  '/head': (s) => s.end('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n'),
  '/duplicates': (s) =>
    s.end(
      'HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Type: text/plain\r\n' +
        'Content-Type: text/html\r\nContent-Length: 0\r\n\r\n',
    ),
  '/cut': (s) => s.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part'),
  '/garbage': (s) => s.end('SSH-2.0-OpenSSH_9.2\r\n'),
  '/silent': () => undefined,
  '/big': (s) => s.end(`HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n${'x'.repeat(5000)}`),
};

let server: net.Server;
let base = '';

beforeAll(async () => {
  server = net.createServer((socket) => {
    let head = '';
    socket.on('data', (data: Buffer) => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      received.push(head);
      const path = head.split(' ')[1] ?? '/';
      (answers[path] ?? answers['/chunked'])?.(socket);
    });
    socket.on('error', () => undefined);
  });
  base = `http://127.0.0.1:${await listen(server)}`;
});

async function listen(on: net.Server): Promise<number> {
  await new Promise<void>((resolve) => on.listen(0, '127.0.0.1', resolve));
  const address = on.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return (address satisfies AddressInfo).port;
}

afterAll(() => new Promise((resolve) => server.close(resolve)));

function request(path: string, extra: { method?: string; body?: string; abort?: RunAbort } = {}) {
  return plainHttpRequest({
    url: new URL(`${base}${path}`),
    method: extra.method ?? 'GET',
    headers: { 'user-agent': 'vigil-health-check', connection: 'close' },
    body: extra.body,
    abort: extra.abort ?? new RunAbort(),
    maxBodyBytes: 1024,
  });
}

describe('plain HTTP client', () => {
  it('sends the request line, host, headers and a sized body', async () => {
    received.length = 0;
    await request('/chunked?x=1', { method: 'POST', body: 'héllo' });
    const head = received[0] ?? '';
    expect(head.startsWith('POST /chunked?x=1 HTTP/1.1\r\n')).toBe(true);
    expect(head).toContain(`Host: ${new URL(base).host}\r\n`);
    expect(head).toContain('user-agent: vigil-health-check\r\n');
    expect(head).toContain('Content-Length: 6\r\n');
  });

  it('decodes a chunked body', async () => {
    const answer = await request('/chunked');
    expect(answer).toMatchObject({ status: 200, body: 'hello, vigil' });
    expect(answer.headers['content-type']).toBe('text/plain');
  });

  it('reads a body without a length to the end of the connection', async () => {
    expect(await request('/until-close')).toMatchObject({ status: 200, body: 'first second' });
  });

  it('skips interim answers and returns the final one', async () => {
    expect(await request('/interim')).toMatchObject({ status: 201, body: 'done' });
  });

  it('expects no body after a HEAD, whatever the length says', async () => {
    expect(await request('/head', { method: 'HEAD' })).toMatchObject({ status: 200, body: '' });
  });

  it('joins repeated headers, keeping the first of single-valued ones', async () => {
    const { headers } = await request('/duplicates');
    expect(headers['set-cookie']).toBe('a=1, b=2');
    expect(headers['content-type']).toBe('text/plain');
  });

  it('keeps the body up to its limit', async () => {
    expect((await request('/big')).body).toBe('x'.repeat(1024));
  });

  it('fails on a cut-off answer, a non-HTTP answer and a refused connection', async () => {
    await expect(request('/cut')).rejects.toThrow('socket hang up');
    await expect(request('/garbage')).rejects.toThrow(/^Parse Error/);
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const refused = plainHttpRequest({
      url: new URL(`http://127.0.0.1:${port}/`),
      method: 'GET',
      headers: {},
      body: undefined,
      abort: new RunAbort(),
      maxBodyBytes: 10,
    });
    await expect(refused).rejects.toThrow('ECONNREFUSED');
  });

  it('gives up when its signal aborts', async () => {
    const abort = new RunAbort();
    const pending = request('/silent', { abort });
    setTimeout(() => abort.abort(new Error('timed out after 50ms')), 50);
    await expect(pending).rejects.toThrow('timed out after 50ms');
  });

  it('refuses a header that would split the request', async () => {
    const split = plainHttpRequest({
      url: new URL(`${base}/chunked`),
      method: 'GET',
      headers: { 'x-note': 'a\r\nX-Injected: 1' },
      body: undefined,
      abort: new RunAbort(),
      maxBodyBytes: 10,
    });
    await expect(split).rejects.toThrow(/Invalid character in header content/);
  });

  it('sends credentials written in the URL as basic auth', async () => {
    received.length = 0;
    const url = new URL(`${base}/chunked`);
    url.username = 'ops';
    url.password = 's3cr:t';
    await plainHttpRequest({
      url,
      method: 'GET',
      headers: {},
      body: undefined,
      abort: new RunAbort(),
      maxBodyBytes: 10,
    });
    const token = Buffer.from('ops:s3cr:t').toString('base64');
    expect(received[0]).toContain(`Authorization: Basic ${token}\r\n`);
  });
});
