import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { isOwnOrigin, registerCsrfGuard } from './csrf-guard.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerCsrfGuard(app, 'https://vigil.example/console/');
  registerErrorHandler(app);
  app.post('/api/write', async () => ({ written: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

function post(headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/write',
    headers: { host: 'internal:8080', cookie: 'vigil_session=x', ...headers },
    payload: '{}',
  });
}

describe('the CSRF guard', () => {
  it("accepts VIGIL_PUBLIC_URL's origin behind a proxy that rewrites Host", async () => {
    const answer = await post({
      origin: 'https://vigil.example',
      'content-type': 'application/json',
    });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses another origin, and the opaque origin null, with 403 csrf_refused', async () => {
    for (const origin of ['https://evil.example', 'http://vigil.example', 'null']) {
      const answer = await post({ origin, 'content-type': 'application/json' });
      expect([origin, answer.statusCode]).toEqual([origin, 403]);
      expect(answer.json()).toMatchObject({ code: 'csrf_refused', details: null });
    }
  });

  it('leaves requests without cookies, or with an Authorization header, to authentication', async () => {
    const noCookie = await app.inject({
      method: 'POST',
      url: '/api/write',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(noCookie.statusCode).not.toBe(403);
    const token = await post({ authorization: 'Bearer vgt_x', 'content-type': 'application/json' });
    expect(token.statusCode).toBe(200);
  });

  it('matches the request host whatever the scheme, and never a malformed origin', () => {
    expect(isOwnOrigin('https://console.local:8080', 'console.local:8080', undefined)).toBe(true);
    expect(isOwnOrigin('http://Console.Local:8080', 'console.local:8080', undefined)).toBe(true);
    expect(isOwnOrigin('https://console.local:9090', 'console.local:8080', undefined)).toBe(false);
    expect(isOwnOrigin('file://console.local:8080', 'console.local:8080', undefined)).toBe(false);
    expect(isOwnOrigin('not a url', 'console.local:8080', undefined)).toBe(false);
  });
});
