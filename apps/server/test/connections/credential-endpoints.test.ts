import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import {
  ConnectionEndpointRefused,
  createConnectionResolver,
} from '../../src/modules/connections/connection-resolver.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { call, createdId, startTestApp } from '../health/health-harness.ts';

/** Someone else's server: records every Authorization header and every TCP connection. */
interface Listener {
  readonly port: number;
  readonly authorizations: string[];
  connections: number;
  close(): Promise<void>;
}

async function startListener(kind: 'http' | 'tcp'): Promise<Listener> {
  const authorizations: string[] = [];
  const state = { authorizations, connections: 0 };
  const server =
    kind === 'http'
      ? http.createServer((request, response) => {
          state.authorizations.push(request.headers.authorization ?? '');
          response.end('ok');
        })
      : net.createServer((socket) => socket.destroy());
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return Object.assign(state, {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let app: TestApp;
let listener: Listener;
let database: Listener;

beforeAll(async () => {
  app = await startTestApp();
  listener = await startListener('http');
  database = await startListener('tcp');
  const connections = [
    { name: 'web', type: 'http', url: 'http://127.0.0.1:9/api', password: 'web-secret' },
    { name: 'db', type: 'postgres', url: 'postgres://127.0.0.1:9/app', password: 'pg-secret' },
    // A type that can notify: notifications refuse the others.
    {
      name: 'hook',
      type: 'generic_webhook',
      url: 'http://127.0.0.1:9/hook',
      password: 'hook-secret',
    },
  ];
  for (const connection of connections) {
    const body = { namespace: 'default', username: 'ops', ...connection };
    expect((await call(app, 'POST', '/api/db/connections', 'admin', body)).status).toBe(201);
  }
});

afterAll(async () => {
  await listener.close();
  await database.close();
  await app.close();
});

const httpSpec = (url: string) => ({
  http: [{ name: 'paired', connection: 'connection://default/web', url }],
});
const postgresSpec = (url: string) => ({
  postgres: [{ name: 'paired', connection: 'connection://default/db', url, query: 'select 1' }],
});

async function canaryCount(name: string): Promise<number> {
  const found = await app.database.db.pool.query(`select 1 from canaries where name = $1`, [name]);
  return found.rowCount ?? 0;
}

/** Marks a stored canary as not written by an admin (a spec saved before the rule existed). */
async function runAsUnapproved(canaryId: string): Promise<unknown> {
  await app.database.db.pool.query(
    `update canaries set connection_pairing_approved = false, updated_at = now() where id = $1`,
    [canaryId],
  );
  const checks = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1 and deleted_at is null`,
    [canaryId],
  );
  const run = await call(app, 'POST', `/api/canary/run/check/${checks.rows[0]?.id}`, 'admin');
  return run.json;
}

describe("a connection's credentials go only to its own endpoint", () => {
  it("refuses an editor's http check that pairs a connection with another url", async () => {
    const url = `http://127.0.0.1:${listener.port}/`;
    const body = { name: 'steal-web', namespace: 'default', spec: httpSpec(url) };
    const refused = await call(app, 'POST', '/api/db/canaries', 'editor', body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(
      `spec.http[0].url: http://127.0.0.1:${listener.port} is not the endpoint of connection://default/web`,
    );
    expect(await canaryCount('steal-web')).toBe(0);
  });

  it("accepts an editor's check on the connection's own endpoint, and an admin's pairing", async () => {
    const own = { name: 'own-web', namespace: 'default', spec: httpSpec('http://127.0.0.1:9/x') };
    expect((await call(app, 'POST', '/api/db/canaries', 'editor', own)).status).toBe(201);
    const url = `http://127.0.0.1:${listener.port}/`;
    const paired = { name: 'admin-web', namespace: 'default', spec: httpSpec(url) };
    expect((await call(app, 'POST', '/api/db/canaries', 'admin', paired)).status).toBe(201);
  });

  it('never sends the credentials elsewhere at run time unless an admin wrote the spec', async () => {
    const url = `http://127.0.0.1:${listener.port}/`;
    const body = { name: 'run-web', namespace: 'default', spec: httpSpec(url) };
    const id = createdId(await call(app, 'POST', '/api/db/canaries', 'admin', body));
    const run = await runAsUnapproved(id);
    expect(JSON.stringify(run)).toContain("a connection's credentials are only sent to its own");
    expect(listener.connections).toBe(0);
    expect(listener.authorizations).toEqual([]);
  });

  it("refuses an editor's postgres check that pairs a connection with another host", async () => {
    const url = `postgres://$(username):$(password)@127.0.0.1:${database.port}/x`;
    const body = { name: 'steal-db', namespace: 'default', spec: postgresSpec(url) };
    const refused = await call(app, 'POST', '/api/db/canaries', 'editor', body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('spec.postgres[0].url: postgres://127.0.0.1:');
    expect(await canaryCount('steal-db')).toBe(0);
    const admin = { ...body, name: 'admin-db' };
    const id = createdId(await call(app, 'POST', '/api/db/canaries', 'admin', admin));
    const run = await runAsUnapproved(id);
    expect(JSON.stringify(run)).toContain('is not the endpoint of connection://default/db');
    expect(database.connections).toBe(0);
  });

  it("refuses an editor's notification that pairs a connection with its own url", async () => {
    const body = {
      events: ['check.failed'],
      template: 'Check {{ .check.name }} failed',
      custom_services: [
        {
          connection: 'connection://default/hook',
          name: 'hook',
          url: `http://127.0.0.1:${listener.port}/`,
        },
      ],
    };
    const refused = await call(app, 'POST', '/api/db/notifications', 'editor', body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('custom_services[0].url: ');
    expect((await call(app, 'POST', '/api/db/notifications', 'admin', body)).status).toBe(201);
  });

  it('makes the resolver refuse another endpoint for every consumer', async () => {
    const resolve = createConnectionResolver(
      app.database.db,
      createSealer('test-secret-key-'.repeat(4)),
    );
    const elsewhere = { endpoint: `http://127.0.0.1:${listener.port}` };
    await expect(resolve('connection://default/web', elsewhere)).rejects.toBeInstanceOf(
      ConnectionEndpointRefused,
    );
    for (const endpoint of ['https://127.0.0.1:9/', 'http://127.0.0.1/', 'http://localhost:9/']) {
      await expect(resolve('connection://default/web', { endpoint })).rejects.toThrow(
        'is not the endpoint of connection://default/web',
      );
    }
    const same = { endpoint: 'HTTP://127.0.0.1:9/other?x=1' };
    await expect(resolve('connection://default/web', same)).resolves.toMatchObject({
      password: 'web-secret',
    });
    await expect(
      resolve('connection://default/web', { ...elsewhere, approved: true }),
    ).resolves.toMatchObject({ password: 'web-secret' });
    await expect(
      resolve('connection://default/db', { endpoint: 'postgresql://127.0.0.1:9/other' }),
    ).resolves.toMatchObject({ password: 'pg-secret' });
    await expect(
      resolve('connection://default/db', { endpoint: 'host=127.0.0.1 port=5432 dbname=x' }),
    ).rejects.toBeInstanceOf(ConnectionEndpointRefused);
  });
});
