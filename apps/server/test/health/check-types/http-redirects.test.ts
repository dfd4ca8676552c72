import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';
import { echo, recordingServer } from './http-servers.ts';

let server: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  server = await recordingServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? '0');
    if (url.pathname === '/redirect-to') {
      response.statusCode = Number(url.searchParams.get('status_code') ?? '302');
      response.setHeader('location', url.searchParams.get('url') ?? '/');
      response.end();
    } else if (url.pathname === '/hop' && hops > 0) {
      response.statusCode = 302;
      response.setHeader('location', `/hop?hops=${hops - 1}`);
      response.end();
    } else if (url.pathname === '/hop') {
      response.end('arrived');
    } else {
      echo(request, response);
    }
  });
});

afterAll(() => server.close());

describe('http check redirects (maxRedirects)', () => {
  it('follows up to 10 redirects by default, as canary-checker does', async () => {
    const ten = await runCheck('http', { url: `${server.base}/hop?hops=10` });
    expect([ten.pass, ten.data.code, ten.data.content]).toEqual([true, 200, 'arrived']);
    const eleven = await runCheck('http', { url: `${server.base}/hop?hops=11` });
    expect(eleven.pass).toBe(false);
    expect(eleven.error).toBe(`Get "${server.base}/hop?hops=0": stopped after 10 redirects`);
    const two = await runCheck('http', { url: `${server.base}/hop?hops=3`, maxRedirects: 2 });
    expect(two.error).toBe(`Get "${server.base}/hop?hops=0": stopped after 2 redirects`);
  });

  it('answers the redirect itself with maxRedirects: 0 (the http_redirect_no_follow fixture)', async () => {
    const outcome = await runCheck('http', {
      url: `${server.base}/redirect-to?url=/get&status_code=301`,
      maxRedirects: 0,
      responseCodes: [301],
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ code: 301, headers: { location: '/get' } });
  });

  it('turns a 302 POST into a GET without body, and repeats a 307 POST with its body', async () => {
    const to = encodeURIComponent('/anything');
    const post = {
      method: 'POST',
      body: 'payload',
      headers: [{ name: 'Content-Type', value: 'text/plain' }],
    };
    const found = await runCheck('http', { url: `${server.base}/redirect-to?url=${to}`, ...post });
    expect(found.data.json).toMatchObject({ method: 'GET', data: '' });
    const temporary = await runCheck('http', {
      url: `${server.base}/redirect-to?url=${to}&status_code=307`,
      ...post,
    });
    expect(temporary.data.json).toMatchObject({ method: 'POST', data: 'payload' });
  });

  it('does not send the credentials to another host', async () => {
    const other = server.base.replace('127.0.0.1', 'localhost');
    const to = encodeURIComponent(`${other}/headers`);
    const outcome = await runCheck('http', {
      url: `${server.base}/redirect-to?url=${to}`,
      username: 'ops',
      password: 's3cret',
      headers: [
        { name: 'Authorization', value: 'Bearer abc' },
        { name: 'X-Kept', value: 'yes' },
      ],
    });
    expect(outcome.pass).toBe(true);
    const seen = server.seen.at(-1);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['x-kept']).toBe('yes');
  });

  it('refuses a negative maxRedirects, naming the field', () => {
    const result = parseCanarySpec({ http: [{ name: 'x', url: server.base, maxRedirects: -1 }] });
    expect(result).toMatchObject({ ok: false, field: 'spec.http[0].maxRedirects' });
  });
});
