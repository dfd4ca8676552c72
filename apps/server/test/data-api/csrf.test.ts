import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenService } from '../../src/modules/identity/access-tokens/access-tokens.service.ts';
import { admin, registerAdmin, useIdentityApp } from '../identity/flow-helpers.ts';
import { expectPgrstError } from './helpers.ts';

interface WriteRoute {
  readonly method: string;
  readonly url: string;
  /** The route takes form posts with its own CSRF token (the identity flows). */
  readonly formPosts: boolean;
}

const safe = new Set(['GET', 'HEAD', 'OPTIONS']);
const writeRoutes: WriteRoute[] = [];

function watch(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (safe.has(method) || !route.url.startsWith('/api/')) continue;
    writeRoutes.push({
      method,
      url: route.url,
      formPosts: route.config?.acceptsFormPosts === true,
    });
  }
}

const { app, browser } = useIdentityApp({ onRoute: watch, actorCacheMs: 0 });
const evil = 'https://evil.example';
let sessionCookie = '';

beforeAll(async () => {
  const b = browser();
  await registerAdmin(b);
  sessionCookie = b.cookieHeader();
});

/** A concrete path for a route pattern: parameters and the data API's wildcard filled in. */
function pathOf(url: string): string {
  return url
    .replace(/:[A-Za-z_]+/g, '01900000-0000-7000-8000-0000000000ff')
    .replace(/\*$/, 'properties');
}

interface Sent {
  readonly status: number;
  readonly body: unknown;
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Sent> {
  const response = await fetch(`${app().baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text) };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

/** The guard's 403: the API's error shape, or a Kubernetes Status under /api/kubernetes. */
function isCsrfRefusal(sent: Sent): boolean {
  const body = sent.body;
  if (sent.status !== 403 || typeof body !== 'object' || body === null) return false;
  if ('kind' in body && body.kind === 'Status') {
    return (
      'message' in body &&
      typeof body.message === 'string' &&
      body.message.includes('signed in by cookie')
    );
  }
  return 'code' in body && body.code === 'csrf_refused';
}

async function propertyCount(): Promise<number> {
  const result = await app().database.db.pool.query<{ n: number }>(
    'select count(*)::int as n from properties',
  );
  return result.rows[0]?.n ?? -1;
}

describe('cookie-authenticated writes (CSRF)', () => {
  it('finds the write routes of the app', () => {
    const seen = writeRoutes.map((route) => `${route.method} ${route.url}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /api/db/*',
        'PATCH /api/db/*',
        'DELETE /api/db/*',
        'POST /api/auth/invite_user',
        'POST /api/identity/self-service/login',
      ]),
    );
  });

  it('refuses a cross-site text/plain write with only the session cookie, on every write route', async () => {
    const before = await propertyCount();
    for (const route of writeRoutes) {
      const sent = await send(
        route.method,
        pathOf(route.url),
        { cookie: sessionCookie, origin: evil, 'content-type': 'text/plain' },
        JSON.stringify({ name: 'csrf', value: 'true' }),
      );
      expect([route.method, route.url, isCsrfRefusal(sent)]).toEqual([
        route.method,
        route.url,
        true,
      ]);
      if (!route.url.startsWith('/api/kubernetes/')) expectPgrstError(sent.body, 'csrf_refused');
    }
    expect(await propertyCount()).toBe(before);
  });

  it('refuses a cookie write with neither Origin nor Referer, or a foreign Referer', async () => {
    for (const route of writeRoutes) {
      const headers = { cookie: sessionCookie, 'content-type': 'application/json' };
      const bare = await send(route.method, pathOf(route.url), headers, '{}');
      expect([route.url, isCsrfRefusal(bare)]).toEqual([route.url, true]);
      const foreign = await send(
        route.method,
        pathOf(route.url),
        { ...headers, referer: `${evil}/page` },
        '{}',
      );
      expect([route.url, isCsrfRefusal(foreign)]).toEqual([route.url, true]);
    }
  });

  it('refuses a same-origin cookie write whose body is not JSON', async () => {
    for (const route of writeRoutes) {
      const own = { cookie: sessionCookie, origin: app().baseUrl };
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'text/csv']) {
        const sent = await send(
          route.method,
          pathOf(route.url),
          { ...own, 'content-type': type },
          '{}',
        );
        expect([route.url, type, sent.status, isCsrfRefusal(sent)]).toEqual([
          route.url,
          type,
          sent.status,
          true,
        ]);
      }
      const form = await send(
        route.method,
        pathOf(route.url),
        { ...own, 'content-type': 'application/x-www-form-urlencoded' },
        'name=csrf',
      );
      expect([route.url, isCsrfRefusal(form)]).toEqual([route.url, !route.formPosts]);
    }
  });

  it('lets a same-origin JSON write through on every write route', async () => {
    for (const route of writeRoutes) {
      const own = { cookie: sessionCookie, 'content-type': 'application/json' };
      const byOrigin = await send(
        route.method,
        pathOf(route.url),
        { ...own, origin: app().baseUrl },
        '{}',
      );
      expect([route.url, isCsrfRefusal(byOrigin)]).toEqual([route.url, false]);
      const byReferer = await send(
        route.method,
        pathOf(route.url),
        { ...own, referer: `${app().baseUrl}/settings` },
        '{}',
      );
      expect([route.url, isCsrfRefusal(byReferer)]).toEqual([route.url, false]);
    }
  });

  it('writes through the data API from the console with the session cookie', async () => {
    const sent = await send(
      'POST',
      '/api/db/properties',
      { cookie: sessionCookie, origin: app().baseUrl, 'content-type': 'application/json' },
      JSON.stringify({ name: 'csrf.same-origin', value: 'true' }),
    );
    expect(sent.status).toBe(201);
  });

  it('needs no Origin from a caller with an access token, even with cookies', async () => {
    const people = await app().database.db.pool.query<{ id: string }>(
      'select id from people where email = $1',
      [admin.email],
    );
    const tokens = createAccessTokenService(app().database.db);
    const { token } = await tokens.issue({
      personId: people.rows[0]?.id ?? '',
      name: 'apply',
      ttlSeconds: null,
      createdBy: null,
    });
    const sent = await send(
      'POST',
      '/api/db/properties',
      {
        authorization: `Bearer ${token}`,
        cookie: sessionCookie,
        'content-type': 'application/json',
      },
      JSON.stringify({ name: 'csrf.token', value: 'true' }),
    );
    expect(sent.status).toBe(201);
  });
});
