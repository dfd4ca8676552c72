import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { call, startTestApp } from '../health/health-harness.ts';
import { createConnection } from './connections-harness.ts';

let app: TestApp;
let secretsDir = '';
const sealer = createSealer('test-secret-key-'.repeat(4));

beforeAll(async () => {
  app = await startTestApp();
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-conn-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'chat'));
  fs.writeFileSync(path.join(secretsDir, 'chat', 'token'), 'T01/B02/xyz\n');
  fs.mkdirSync(path.join(secretsDir, 'settings'));
  fs.writeFileSync(path.join(secretsDir, 'settings', 'user'), 'hook-42');
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

const stored = async (id: string) =>
  (
    await app.database.db.pool.query<{ password: string | null; certificate: string | null }>(
      'select password, certificate from connections where id = $1',
      [id],
    )
  ).rows[0];

describe('connection secrets', () => {
  it('shows static secrets masked and references as written, on every read path', async () => {
    const id = await createConnection(app, {
      name: 'kube',
      type: 'kubernetes',
      certificate: 'apiVersion: v1 # kubeconfig-secret-123',
      password: 'secret://kube/token',
    });
    const masked = await call(app, 'GET', `/api/db/connections_masked?id=eq.${id}`, 'admin');
    expect(masked.json).toEqual([
      expect.objectContaining({ certificate: '********', password: 'secret://kube/token' }),
    ]);
    const reads = [
      '/api/db/connections?select=*',
      '/api/db/connections_masked?select=*',
      `/api/db/connections?id=eq.${id}&select=id,name`,
    ];
    for (const path of reads) {
      const answer = await call(app, 'GET', path, 'admin');
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.json)).not.toMatch(/kubeconfig-secret-123|v1\./);
    }
    const asked = await call(app, 'GET', '/api/db/connections?select=certificate', 'admin');
    expect(asked.status).toBe(400);
    // Filtering or ordering on a hidden column would be an oracle for its value.
    for (const probe of [
      'certificate=like.v1*',
      'order=certificate.asc',
      'or=(password.is.null)',
    ]) {
      const answer = await call(app, 'GET', `/api/db/connections?${probe}`, 'admin');
      expect(answer.status, probe).toBe(400);
    }
    await app.database.db.pool.query(
      `insert into people (id, name) values ('00000000-0000-0000-0000-0000000000aa', 'Tester')
       on conflict do nothing`,
    );
    await app.database.db.pool.query(
      `update connections set created_by = '00000000-0000-0000-0000-0000000000aa' where id = $1`,
      [id],
    );
    for (const embed of ['connections(*)', 'connections(certificate)']) {
      const answer = await call(app, 'GET', `/api/db/people?select=id,${embed}`, 'admin');
      expect(JSON.stringify(answer.json)).not.toMatch(/kubeconfig-secret-123|v1\./);
    }
    const written = await call(app, 'PATCH', `/api/db/connections?id=eq.${id}`, 'admin', {
      url: 'https://k8s.local',
    });
    expect(JSON.stringify(written.json)).not.toMatch(/kubeconfig-secret-123|v1\./);
    expect((await stored(id))?.certificate).toMatch(/^v1\./);
    expect((await stored(id))?.password).toBe('secret://kube/token');
  });

  it('keeps the stored secret when the mask comes back, and clears it on an empty value', async () => {
    const id = await createConnection(app, { name: 'db', type: 'postgres', password: 'p@ss' });
    const before = await stored(id);
    const unchanged = await call(app, 'PATCH', `/api/db/connections?id=eq.${id}`, 'admin', {
      name: 'db',
      password: '********',
    });
    expect(unchanged.status).toBe(200);
    expect((await stored(id))?.password).toBe(before?.password);
    await call(app, 'PATCH', `/api/db/connections?id=eq.${id}`, 'admin', { password: '' });
    expect((await stored(id))?.password).toBeNull();
  });

  it('composes the url of notification types on the server, whatever the client sent', async () => {
    const id = await createConnection(app, {
      name: 'alerts',
      type: 'ntfy',
      url: 'https://evil.example/steal',
      properties: { host: 'ntfy.sh', topic: 'ops alerts' },
    });
    const read = await call(app, 'GET', `/api/db/connections?id=eq.${id}&select=url`, 'admin');
    expect(read.json).toEqual([{ url: 'https://ntfy.sh/ops%20alerts' }]);
  });

  it('resolves Secret and ConfigMap references from the secrets directory', async () => {
    await createConnection(app, {
      name: 'hook',
      type: 'slackwebhook',
      password: 'secret://chat/token',
      properties: {},
    });
    await createConnection(app, {
      name: 'discord',
      type: 'discord',
      username: 'configmap://settings/user',
      password: 'sealed-token',
      properties: {},
    });
    const resolve = createConnectionResolver(
      app.database.db,
      sealer,
      createValueResolver(secretsDir),
    );
    await expect(resolve('connection://default/hook')).resolves.toMatchObject({
      url: 'https://hooks.slack.com/services/T01/B02/xyz',
      password: 'T01/B02/xyz',
    });
    await expect(resolve('connection://default/discord')).resolves.toMatchObject({
      url: 'https://discord.com/api/webhooks/hook-42/sealed-token',
      username: 'hook-42',
    });
    await createConnection(app, { name: 'lost', type: 'http', password: 'secret://gone/key' });
    await expect(resolve('connection://default/lost')).rejects.toThrow(
      'secret gone/key was not found',
    );
    const withoutDir = createConnectionResolver(app.database.db, sealer);
    await expect(withoutDir('connection://default/hook')).rejects.toThrow(
      'VIGIL_SECRETS_DIR is not set',
    );
  });

  it('refuses a blank name and lets only admins write', async () => {
    const blank = await call(app, 'POST', '/api/db/connections', 'admin', {
      name: ' ',
      type: 'http',
    });
    expect(blank.status).toBe(400);
    const half = await call(app, 'POST', '/api/db/connections', 'admin', {
      name: 'half',
      type: 'http',
      password: 'secret://only-name/',
    });
    expect(half.status).toBe(400);
    expect(half.json).toMatchObject({
      message: 'password: a secret or config map needs both a name and a key',
    });
    for (const role of ['editor', 'commander', 'responder', 'viewer'] as const) {
      const answer = await call(app, 'POST', '/api/db/connections', role, {
        name: 'x',
        type: 'http',
      });
      expect(answer.status).toBe(403);
    }
    expect((await call(app, 'GET', '/api/db/connections_masked', 'editor')).status).toBe(200);
    for (const role of ['commander', 'responder', 'viewer'] as const) {
      expect((await call(app, 'GET', '/api/db/connections_masked', role)).status).toBe(403);
    }
    expect((await call(app, 'GET', '/api/db/connections_masked', 'anonymous')).status).toBe(401);
  });
});
