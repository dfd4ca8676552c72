import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../health/fixtures/postgres-server.ts';
import { startTestApp } from '../health/health-harness.ts';
import { createConnection, outcomeOf, testConnection } from './connections-harness.ts';

let app: TestApp;
let secured: PrivatePostgres;
let web: http.Server;
let webUrl = '';

beforeAll(async () => {
  [app, secured] = await Promise.all([startTestApp(), startPrivatePostgres()]);
  // A local HTTP target that wants basic auth ops:let-me-in.
  web = http.createServer((request, response) => {
    const expected = `Basic ${Buffer.from('ops:let-me-in').toString('base64')}`;
    response.statusCode = request.headers.authorization === expected ? 200 : 401;
    response.end(response.statusCode === 200 ? 'hello' : 'who are you?');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const address = web.address();
  webUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterAll(async () => {
  await app?.close();
  await secured?.stop();
  web?.closeAllConnections();
  await new Promise((resolve) => web?.close(resolve));
});

const pgUrl = () => `postgres://$(username):$(password)@127.0.0.1:${secured.port}/postgres`;

describe('POST /api/connection/test/{id}', () => {
  it('connects to postgres with the stored password, and answers the server error on a wrong one', async () => {
    const id = await createConnection(app, {
      name: 'pg',
      type: 'postgres',
      url: pgUrl(),
      username: 'postgres',
      password: 'wrong',
    });
    const refused = await testConnection(app, id);
    expect(refused.status).toBe(400);
    expect(outcomeOf(refused)).toBe('password authentication failed for user "postgres"');
    const fixed = await fetch(`${app.baseUrl}/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-vigil-test-role': 'admin' },
      body: JSON.stringify({ password: 'superSecret' }),
    });
    expect(fixed.status).toBe(204);
    const passed = await testConnection(app, id);
    expect(passed.status).toBe(200);
    expect(passed.json).toEqual({ message: 'ok' });
  });

  it('connects to MariaDB and Redis on this machine', async () => {
    const mysql = await createConnection(app, {
      name: 'maria',
      type: 'mysql',
      url: 'mysql://root@tcp(127.0.0.1:3306)/mysql',
    });
    expect(outcomeOf(await testConnection(app, mysql))).toBe('ok');
    const badMysql = await createConnection(app, {
      name: 'maria-nobody',
      type: 'mysql',
      url: 'mysql://$(username):$(password)@tcp(127.0.0.1:3306)/mysql',
      username: 'vigil_nobody',
      password: 'nope',
    });
    const refused = await testConnection(app, badMysql);
    expect(refused.status).toBe(400);
    expect(outcomeOf(refused)).toMatch(/Access denied for user 'vigil_nobody'/);
    const redis = await createConnection(app, {
      name: 'cache',
      type: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
    expect(outcomeOf(await testConnection(app, redis))).toBe('ok');
    const closed = await createConnection(app, {
      name: 'cache-closed',
      type: 'redis',
      url: 'redis://127.0.0.1:9',
    });
    expect(outcomeOf(await testConnection(app, closed))).toMatch(/ECONNREFUSED/);
  });

  it('sends basic auth to an http target and reports its refusal', async () => {
    const good = await createConnection(app, {
      name: 'site',
      type: 'http',
      url: webUrl,
      username: 'ops',
      password: 'let-me-in',
    });
    expect(outcomeOf(await testConnection(app, good))).toBe('ok');
    const bad = await createConnection(app, {
      name: 'site-bad',
      type: 'http',
      url: webUrl,
      username: 'ops',
      password: 'nope',
    });
    const refused = await testConnection(app, bad);
    expect(refused.status).toBe(400);
    expect(outcomeOf(refused)).toMatch(/401/);
  });

  it('answers that a type without a tester cannot be tested yet', async () => {
    // Notification types are tested by sending a message: test/notifications/connection-test.
    const cloud = await createConnection(app, {
      name: 'cloud',
      type: 'aws',
      username: 'AKIAEXAMPLE',
      password: 'secret-key',
    });
    const answer = await testConnection(app, cloud);
    expect(answer.status).toBe(501);
    expect(outcomeOf(answer)).toBe('We currently do not support testing this connection type');
  });

  it('refuses bad and unknown ids, and tells the failure without leaking the password', async () => {
    const bad = await testConnection(app, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(outcomeOf(bad)).toBe('id must be a connection id (a UUID)');
    const missing = await testConnection(app, '0190f0f0-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    const id = await createConnection(app, {
      name: 'pg-leak',
      type: 'postgres',
      url: `postgres://postgres:$(password)@127.0.0.1:${secured.port}/nodb`,
      password: 'superSecret',
    });
    const answer = await testConnection(app, id);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).not.toContain('superSecret');
  });

  it('says so when a stored secret cannot be opened or its file is missing', async () => {
    const id = await createConnection(app, { name: 'rekeyed', type: 'redis', url: 'redis://x' });
    await app.database.db.pool.query(`update connections set password = $1 where id = $2`, [
      'v1.AAAA.BBBB.CCCC',
      id,
    ]);
    expect(outcomeOf(await testConnection(app, id))).toBe(
      'A stored secret cannot be opened: was VIGIL_SECRET_KEY changed?',
    );
    const missing = await createConnection(app, {
      name: 'unmounted',
      type: 'redis',
      url: 'redis://127.0.0.1:6379',
      password: 'secret://redis/password',
    });
    const answer = await testConnection(app, missing);
    expect(answer.status).toBe(400);
    expect(outcomeOf(answer)).toBe(
      'secret redis/password cannot be read: VIGIL_SECRETS_DIR is not set',
    );
  });

  it('lets admin and editor test, refuses commander, responder, viewer and anonymous', async () => {
    const id = await createConnection(app, {
      name: 'roles',
      type: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
    for (const role of ['admin', 'editor'] as const) {
      expect((await testConnection(app, id, role)).status).toBe(200);
    }
    for (const role of ['commander', 'responder', 'viewer'] as const) {
      expect((await testConnection(app, id, role)).status).toBe(403);
    }
    expect((await testConnection(app, id, 'anonymous')).status).toBe(401);
  });
});
