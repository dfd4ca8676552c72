import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { call, startTestApp } from './health-harness.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app.close());

describe('connections for checks', () => {
  it('seals secrets at rest, never returns them, and resolves them for a check', async () => {
    const created = await call(app, 'POST', '/api/db/connections', 'admin', {
      name: 'web',
      namespace: 'prod',
      type: 'http',
      url: 'http://127.0.0.1:9/',
      username: 'ops',
      password: 's3cret',
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.json)).not.toContain('s3cret');
    const stored = await app.database.db.pool.query<{ password: string }>(
      `select password from connections where name = 'web'`,
    );
    expect(stored.rows[0]?.password).toMatch(/^v1\./);
    const read = await call(app, 'GET', '/api/db/connections?select=*', 'admin');
    expect(JSON.stringify(read.json)).not.toMatch(/s3cret|v1\./);
    const resolve = createConnectionResolver(
      app.database.db,
      createSealer('test-secret-key-'.repeat(4)),
    );
    await expect(resolve('connection://prod/web')).resolves.toMatchObject({
      url: 'http://127.0.0.1:9/',
      username: 'ops',
      password: 's3cret',
    });
    await expect(resolve('connection://prod/missing')).rejects.toThrow(
      'connection prod/missing was not found',
    );
  });

  it('keeps the stored secret when an update leaves it out', async () => {
    const patched = await call(app, 'PATCH', '/api/db/connections?name=eq.web', 'admin', {
      url: 'http://x/',
    });
    expect(patched.status).toBe(200);
    const resolve = createConnectionResolver(
      app.database.db,
      createSealer('test-secret-key-'.repeat(4)),
    );
    await expect(resolve('connection://prod/web')).resolves.toMatchObject({ password: 's3cret' });
  });

  it('lets only admins write connections, and hides them from other roles', async () => {
    const body = { name: 'x', type: 'http' };
    expect((await call(app, 'POST', '/api/db/connections', 'editor', body)).status).toBe(403);
    expect((await call(app, 'GET', '/api/db/connections', 'viewer')).status).toBe(403);
    expect((await call(app, 'GET', '/api/db/connections', 'anonymous')).status).toBe(401);
  });
});
