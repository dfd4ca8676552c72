import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection, runCheck } from './check-context.ts';
import { isDuration } from '../../../src/modules/health/expressions/cel-functions/durations.ts';
import { selfSignedCertificate } from './tls-fixture.ts';

let plain: http.Server;
let secure: https.Server;
let base = '';
let secureBase = '';
const seen: Array<{ method: string; headers: http.IncomingHttpHeaders; body: string }> = [];

function handler(request: http.IncomingMessage, response: http.ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    seen.push({ method: request.method ?? '', headers: request.headers, body });
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/json') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: 'ok', items: [{ name: 'a' }, { name: 'b' }] }));
    } else if (url.pathname === '/slow') {
      setTimeout(() => response.end('late'), Number(url.searchParams.get('ms') ?? 200));
    } else if (url.pathname === '/secret') {
      const expected = `Basic ${Buffer.from('ops:s3cret').toString('base64')}`;
      response.statusCode = request.headers.authorization === expected ? 200 : 401;
      response.end();
    } else if (url.pathname === '/status') {
      response.statusCode = Number(url.searchParams.get('code'));
      response.end('status page');
    } else {
      response.end('hello vigil');
    }
  });
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return (address satisfies AddressInfo).port;
}

beforeAll(async () => {
  plain = http.createServer(handler);
  secure = https.createServer(selfSignedCertificate(20), handler);
  base = `http://127.0.0.1:${await listen(plain)}`;
  secureBase = `https://127.0.0.1:${await listen(secure)}`;
});

afterAll(async () => {
  plain.closeAllConnections();
  secure.closeAllConnections();
  await Promise.all([plain, secure].map((s) => new Promise((r) => s.close(r))));
});

describe('http check', () => {
  it('passes on a 2xx and exposes code, content and elapsed to expressions', async () => {
    const outcome = await runCheck('http', { url: `${base}/` });
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ code: 200, content: 'hello vigil' });
    expect(outcome.data.elapsed).toEqual(expect.any(Number));
  });

  it('opens a fresh connection (and a full TLS handshake) for every run', async () => {
    seen.length = 0;
    let plainConnections = 0;
    const resumed: boolean[] = [];
    const countPlain = () => (plainConnections += 1);
    const countTls = (socket: TLSSocket) => resumed.push(socket.isSessionReused());
    plain.on('connection', countPlain);
    secure.on('secureConnection', countTls);
    await runCheck('http', { url: `${base}/` });
    await runCheck('http', { url: `${base}/` });
    const tls = { url: `${secureBase}/`, tlsConfig: { insecureSkipVerify: true } };
    const first = await runCheck('http', tls);
    const second = await runCheck('http', tls);
    plain.off('connection', countPlain);
    secure.off('secureConnection', countTls);
    expect(seen.map((s) => s.headers.connection)).toEqual(['close', 'close', 'close', 'close']);
    expect(plainConnections).toBe(2);
    expect(resumed).toEqual([false, false]);
    expect([first.data.sslAge, second.data.sslAge].every(isDuration)).toBe(true);
  });

  it('reaches an IPv6 literal and a host name, on the default port when none is given', async () => {
    const v6 = http.createServer(handler);
    await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
    const address = v6.address();
    try {
      if (address === null || typeof address === 'string') throw new Error('no port');
      const literal = await runCheck('http', { url: `http://[::1]:${address.port}/` });
      expect(literal).toMatchObject({ pass: true, data: { content: 'hello vigil' } });
      const named = await runCheck('http', { url: base.replace('127.0.0.1', 'localhost') });
      expect(named.pass).toBe(true);
      // Nothing listens on port 80 here: the probe went there, not to another port.
      const bare = await runCheck('http', { url: 'http://127.0.0.1/' });
      expect(bare.error).toMatch(/ECONNREFUSED 127\.0\.0\.1:80/);
    } finally {
      await new Promise((resolve) => v6.close(resolve));
    }
  });

  it('checks response codes, content and JSON content', async () => {
    expect((await runCheck('http', { url: `${base}/status?code=503` })).error).toBe(
      'response code 503, expected 2xx or 3xx',
    );
    expect(
      (await runCheck('http', { url: `${base}/status?code=404`, responseCodes: [404] })).pass,
    ).toBe(true);
    expect((await runCheck('http', { url: `${base}/`, responseContent: 'nope' })).error).toBe(
      'response does not contain "nope"',
    );
    const json = await runCheck('http', {
      url: `${base}/json`,
      responseJSONContent: { path: '$.items[1].name', value: 'b' },
    });
    expect(json.pass).toBe(true);
    expect(json.data.json).toMatchObject({ status: 'ok' });
    const wrong = await runCheck('http', {
      url: `${base}/json`,
      responseJSONContent: { path: '$.status', value: 'down' },
    });
    expect(wrong.error).toBe('$.status is ok, expected down');
  });

  it('sends method, headers and body, with basic auth from a secret file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-secrets-'));
    fs.mkdirSync(path.join(dir, 'web-creds'));
    fs.writeFileSync(path.join(dir, 'web-creds', 'password'), 's3cret\n');
    seen.length = 0;
    const outcome = await runCheck(
      'http',
      {
        url: `${base}/secret`,
        method: 'POST',
        body: '{"ping":1}',
        headers: [{ name: 'X-Probe', value: 'yes' }],
        username: 'ops',
        password: { valueFrom: { secretKeyRef: { name: 'web-creds', key: 'password' } } },
      },
      { secretsDir: dir },
    );
    expect(outcome.pass).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"ping":1}' });
    expect(seen[0]?.headers['x-probe']).toBe('yes');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes credentials from a connection', async () => {
    const outcome = await runCheck(
      'http',
      { url: `${base}/secret`, connection: 'connection://default/web' },
      {
        connections: {
          'connection://default/web': connection({
            type: 'http',
            username: 'ops',
            password: 's3cret',
          }),
        },
      },
    );
    expect(outcome.pass).toBe(true);
  });

  it('fails over the threshold and when the target is down', async () => {
    const slow = await runCheck('http', { url: `${base}/slow?ms=150`, thresholdMillis: 50 });
    expect(slow.pass).toBe(false);
    expect(slow.error).toMatch(/over the 50ms threshold/);
    const down = await runCheck('http', { url: 'http://127.0.0.1:1/' });
    expect(down.pass).toBe(false);
    expect(down.error).toMatch(/ECONNREFUSED/);
    const ftp = await runCheck('http', { url: 'ftp://127.0.0.1/' });
    expect(ftp.error).toBe('protocol ftp: is not supported, use http or https');
  });

  it('is aborted at its time limit', async () => {
    const outcome = await runCheck('http', { url: `${base}/slow?ms=2000` }, { timeoutMs: 100 });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/abort|timeout/i);
  });

  it('verifies TLS, and reports the time to certificate expiry as sslAge', async () => {
    const refused = await runCheck('http', { url: `${secureBase}/` });
    expect(refused.error).toMatch(/self-signed certificate/);
    const insecure = await runCheck('http', {
      url: `${secureBase}/`,
      tlsConfig: { insecureSkipVerify: true },
    });
    expect(insecure.pass).toBe(true);
    const age = insecure.data.sslAge;
    expect(isDuration(age) && age.seconds >= 18n * 86_400n).toBe(true);
    const plain = await runCheck('http', { url: `${base}/` });
    expect(isDuration(plain.data.sslAge) && plain.data.sslAge.seconds).toBe(0n);
    const expiring = await runCheck('http', {
      url: `${secureBase}/`,
      tlsConfig: { insecureSkipVerify: true },
      maxSSLExpiry: 30,
    });
    expect(expiring.error).toMatch(/certificate expires in (19|20) days, under the 30 day minimum/);
  });
});
