import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { defaultIdentityTimes } from '../../modules/identity/identity.settings.ts';
import { createApi } from '../../routes.ts';
import { anonymousAuthenticator } from './actor.ts';
import { buildApp } from './app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const slow = async (instance: FastifyInstance): Promise<void> => {
    instance.get('/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { done: true };
    });
  };
  const logger = pino({ level: 'silent' });
  const api = await createApi(database.db, {
    log: logger,
    identity: {
      ...defaultIdentityTimes,
      secretKey: 'app-test-secret-'.repeat(4),
      secureCookies: false,
    },
    edition: 'full',
    localProperties: [],
  });
  app = await buildApp({
    db: database.db,
    logger,
    authenticate: anonymousAuthenticator,
    bodyLimit: 2048,
    routes: [...api.routes, slow],
    metricsAccess: { public: false, token: 'app-test-metrics-token' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('HTTP platform', () => {
  it('answers health with the database state and version', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      version: expect.any(String),
    });
  });

  it('sets security headers and a request id, honouring a valid incoming one', async () => {
    const generated = await app.inject('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-content-type-options']).toBe('nosniff');
    expect(generated.headers['content-security-policy']).toContain("default-src 'self'");
    expect(generated.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const echoed = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const refused = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(refused.headers['x-request-id']).not.toBe('bad id\n');
  });

  it('exposes Prometheus metrics for routes, the pool and the event loop', async () => {
    await app.inject('/api/health');
    const response = await app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer app-test-metrics-token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('vigil_http_request_duration_seconds_bucket');
    expect(response.body).toContain('route="/api/health"');
    expect(response.body).toContain('vigil_db_pool_total');
    expect(response.body).toContain('vigil_nodejs_eventloop_lag_seconds');
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const spec: unknown = response.json();
    expect(spec).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      paths: { '/api/health': expect.any(Object) },
    });
  });

  it('refuses bodies over the limit with 413 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/db/agents',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      details: null,
      hint: null,
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'not_found',
      message: 'Route GET /api/nothing-here not found',
      details: null,
      hint: null,
    });
  });

  it('drains in-flight requests on close', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });
});
