import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { selfSignedCertificate } from '../../health/check-types/tls-fixture.ts';

const melville = '<html><body><h1>Herman Melville - Moby-Dick</h1></body></html>';
/** The index links to routes, and to a Cloudflare path the crawl fixture filters out. */
const index =
  '<html><body><a href="/html">html</a> <a href="/json">json</a> <a href="/get">get</a> ' +
  '<a href="/cdn-cgi/l/email-protection">email</a></body></html>';

export interface Httpbin {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** The same routes over TLS, `https://127.0.0.1:port`, with a certificate valid 90 days. */
  readonly secureUrl: string;
  /** The PEM certificate that verifies `secureUrl`. */
  readonly ca: string;
  close(): Promise<void>;
}

/** The few httpbin.org routes canary-checker's fixtures call, on loopback ports. */
export async function startHttpbin(): Promise<Httpbin> {
  const certificate = selfSignedCertificate(90);
  const handler: http.RequestListener = (request, response) => {
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
  };
  const plain = http.createServer(handler);
  const secure = https.createServer(certificate, handler);
  const servers = [plain, secure];
  const ports = await Promise.all(
    servers.map(async (server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    }),
  );
  return {
    url: `http://127.0.0.1:${ports[0]}`,
    secureUrl: `https://127.0.0.1:${ports[1]}`,
    ca: certificate.cert,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

function titleCase(header: string): string {
  return header.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}
