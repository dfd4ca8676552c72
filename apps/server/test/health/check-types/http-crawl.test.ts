import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';

let server: Server;
let port = 0;
const requested: string[] = [];
const page = (...hrefs: string[]) =>
  `<html><body>${hrefs.map((href) => `<a class="x" href="${href}">l</a>`).join('')}</body></html>`;

/** A small site: pages linking each other, one broken link, one redirect, one other host. */
const site = (): Record<string, [number, string]> => ({
  '/': [
    200,
    page(
      '/a',
      'b#top',
      '/broken',
      '/cdn-cgi/x',
      'mailto:x@y',
      '#frag',
      '/moved',
      `http://localhost:${port}/other`,
    ),
  ],
  '/a': [200, page('/', '/deep')],
  '/b': [200, page('/a?x=1&amp;y=2')],
  '/deep': [200, page('/deeper')],
  '/deeper': [200, page()],
  '/target': [200, page()],
  '/other': [200, page()],
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    requested.push(`${request.headers.host?.split(':')[0] ?? ''}${url.pathname}${url.search}`);
    if (url.pathname === '/moved') {
      response.writeHead(302, { location: '/target' }).end();
      return;
    }
    const [status, body] = site()[url.pathname] ?? [404, 'not found'];
    response.writeHead(status, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const crawl = async (spec: Record<string, unknown>, timeoutMs?: number) => {
  requested.length = 0;
  return runCheck(
    'http',
    { url: `http://127.0.0.1:${port}/`, crawl: { delay: '1ms', randomDelay: '1ms', ...spec } },
    { timeoutMs },
  );
};

describe('http crawl (canary-checker’s colly semantics against a local site)', () => {
  it('visits pages to depth 2 on the start host only and reports the broken link', async () => {
    const outcome = await crawl({ depth: 2, disallowedURLFilters: ['/cdn-cgi/'] });
    const base = `http://127.0.0.1:${port}`;
    expect(outcome).toMatchObject({
      pass: false,
      error: 'Visited: 5, Missing: 1',
      data: { missing: [`${base}/broken`], visited: 5 },
    });
    expect([...requested].sort()).toEqual(
      ['/', '/a', '/b', '/broken', '/moved', '/target'].map((p) => `127.0.0.1${p}`).sort(),
    );
  });

  it('goes deeper with depth, and to another host that allowedDomains names', async () => {
    const outcome = await crawl({
      depth: 3,
      allowedDomains: ['127.0.0.1', 'localhost'],
      allowedURLFilters: ['^http://(127\\.0\\.0\\.1|localhost):\\d+/(|a|b|deep|other|a\\?.*)$'],
    });
    expect(outcome.data).toMatchObject({ visited: 6, missing: [] });
    expect(outcome).toMatchObject({ pass: true, message: 'Visited: 6' });
    expect(requested).toContain('localhost/other');
    expect(requested).toContain('127.0.0.1/a?x=1&y=2');
    expect(requested).toContain('127.0.0.1/deep');
    expect(requested).not.toContain('127.0.0.1/deeper');
  });

  it('fails a start URL its own filters forbid, without a request', async () => {
    const outcome = await crawl({ disallowedDomains: ['127.0.0.1'] });
    expect(outcome).toMatchObject({ pass: false, error: 'Forbidden domain' });
    expect(requested).toEqual([]);
  });

  it('stops at the time limit', async () => {
    const outcome = await crawl({ delay: '10s', parallelism: 1 }, 500);
    expect(outcome).toMatchObject({
      pass: false,
      error: 'Visited: 1, crawl stopped at the time limit',
    });
  });

  it('accepts canary-checker’s fixture and names a bad crawl field', () => {
    const http = (crawlSpec: Record<string, unknown>) =>
      parseCanarySpec({ http: [{ name: 'docs', url: 'https://example.com/', crawl: crawlSpec }] });
    expect(
      http({
        disallowedURLFilters: ['/cdn-cgi/'],
        parallelism: 2,
        delay: '100ms',
        randomDelay: '50ms',
        depth: 2,
      }),
    ).toMatchObject({ ok: true });
    expect(http({ allowedURLFilters: ['('] })).toMatchObject({
      field: 'spec.http[0].crawl.allowedURLFilters[0]',
      message: 'is not a valid regular expression',
    });
    expect(http({ delay: 'soon' })).toMatchObject({ field: 'spec.http[0].crawl.delay' });
  });
});
