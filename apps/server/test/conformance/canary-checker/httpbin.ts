import crypto from 'node:crypto';
import http from 'node:http';

const melville = '<html><body><h1>Herman Melville - Moby-Dick</h1></body></html>';
/** The index links to routes, and to a Cloudflare path the crawl fixture filters out. */
const index =
  '<html><body><a href="/html">html</a> <a href="/json">json</a> <a href="/get">get</a> ' +
  '<a href="/cdn-cgi/l/email-protection">email</a></body></html>';

/** The few httpbin.org routes canary-checker's fixtures call, on a loopback port. */
export async function startHttpbin(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, route = '', first = '', second = ''] = url.pathname.split('/');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [titleCase(k), String(v)]),
    );
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(index);
    } else if (route === 'status') {
      response.writeHead(Number(first) || 400);
      response.end();
    } else if (route === 'headers') json(200, { headers });
    else if (route === 'uuid') json(200, { uuid: crypto.randomUUID() });
    else if (route === 'get' || route === 'anything') {
      json(200, { args: Object.fromEntries(url.searchParams), headers, url: url.href });
    } else if (route === 'html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(melville);
    } else if (route === 'json') json(200, { slideshow: { title: 'Sample Slide Show' } });
    else if (route === 'delay') setTimeout(() => json(200, {}), Math.min(Number(first), 5) * 1000);
    else if (route === 'basic-auth') {
      const expected = `Basic ${Buffer.from(`${first}:${second}`).toString('base64')}`;
      const ok = request.headers.authorization === expected;
      json(ok ? 200 : 401, { authenticated: ok, user: first });
    } else json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function titleCase(header: string): string {
  return header.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}
