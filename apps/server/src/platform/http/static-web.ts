import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

const immutable = 'public, max-age=31536000, immutable';

/** The API answer a page will ask for first, so the browser can fetch it with the HTML. */
export type PagePreload = (pathname: string, search: URLSearchParams) => string | undefined;

function preloadLinks(url: string, preloads: readonly PagePreload[]): string | undefined {
  const parsed = new URL(url, 'http://page.invalid');
  const links = preloads
    .map((preload) => preload(parsed.pathname, parsed.searchParams))
    .filter((href) => href !== undefined)
    .map((href) => `<${href}>; rel=preload; as=fetch; crossorigin=anonymous`);
  return links.length > 0 ? links.join(', ') : undefined;
}

/** Serves the built SPA: hashed assets cached for a year, every other non-/api path gets index.html. */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDir: string | undefined,
  preloads: readonly PagePreload[] = [],
): Promise<void> {
  const built = webDir !== undefined && fs.existsSync(path.join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? immutable : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      const body = new ApiError(
        404,
        'not_found',
        `Route ${request.method} ${request.url} not found`,
      );
      return reply.code(404).send(body.toBody());
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, or start with `npm start`.');
    }
    const links = preloadLinks(request.url, preloads);
    if (links !== undefined) reply.header('link', links);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
