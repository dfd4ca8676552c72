import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { call, createdId, startTestApp } from '../health/health-harness.ts';

let app: TestApp;
let id: string;

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/db/connections', 'admin', {
    name: 'db',
    namespace: 'default',
    type: 'postgres',
    url: 'postgres://ops:pg%2Fsecret@127.0.0.1:5432/app',
  });
  expect(created.status).toBe(201);
  id = createdId(created);
});

afterAll(() => app.close());

const resolve = () =>
  createConnectionResolver(app.database.db, createSealer('test-secret-key-'.repeat(4)));

describe("a password in a connection's url", () => {
  for (const role of ['admin', 'editor'] as const) {
    it(`is never shown to ${role} through connections or connections_masked`, async () => {
      const plain = await call(app, 'GET', `/api/db/connections?id=eq.${id}&select=url`, role);
      expect(plain.json).toEqual([{ url: 'postgres://ops:$(password)@127.0.0.1:5432/app' }]);
      const masked = await call(app, 'GET', `/api/db/connections_masked?id=eq.${id}`, role);
      expect(masked.json).toMatchObject([
        { url: 'postgres://ops:$(password)@127.0.0.1:5432/app', password: '********' },
      ]);
      for (const path of ['/api/db/connections', '/api/db/connections_masked']) {
        const probe = await call(app, 'GET', `${path}?url=like.*secret*&select=id`, role);
        expect(probe.json).toEqual([]);
      }
    });
  }

  it('is sealed at rest and filled in again for the process that uses it', async () => {
    const stored = await app.database.db.pool.query<{ url: string; password: string }>(
      `select url, password from connections where id = $1`,
      [id],
    );
    expect(stored.rows[0]?.password).toMatch(/^v1\./);
    expect(JSON.stringify(stored.rows)).not.toContain('secret');
    await expect(resolve()('connection://default/db')).resolves.toMatchObject({
      url: 'postgres://ops:pg%2Fsecret@127.0.0.1:5432/app',
      password: 'pg/secret',
    });
  });

  it('keeps the stored password when the masked url is written back', async () => {
    const back = await call(app, 'PATCH', `/api/db/connections?id=eq.${id}`, 'admin', {
      url: 'postgres://ops:********@127.0.0.1:5433/app',
      password: '********',
    });
    expect(back.status).toBe(200);
    await expect(resolve()('connection://default/db')).resolves.toMatchObject({
      url: 'postgres://ops:pg%2Fsecret@127.0.0.1:5433/app',
    });
  });

  it('refuses a url password that contradicts the password field, naming url', async () => {
    const answer = await call(app, 'PATCH', `/api/db/connections?id=eq.${id}`, 'admin', {
      url: 'postgres://ops:other@127.0.0.1:5432/app',
      password: 'different',
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('url: its password differs');
  });

  it('is masked in connections_masked for a row stored before it was sealed', async () => {
    await app.database.db.pool.query(
      `insert into connections (name, namespace, type, url, password)
       values ('legacy', 'default', 'http', 'https://u:p4ss@legacy.example/', 'v1.x')`,
    );
    const masked = await call(app, 'GET', '/api/db/connections_masked?name=eq.legacy', 'editor');
    expect(masked.json).toMatchObject([{ url: 'https://u:********@legacy.example/' }]);
  });
});
