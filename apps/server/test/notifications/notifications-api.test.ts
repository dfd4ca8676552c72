import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from '../health/health-harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const valid = {
  title: 'Check {{ .check.name }} failed',
  events: ['check.failed'],
  template: 'Check **{{ .check.name }}** is {{ .check.status }}',
  filter: 'check.labels.team == "sre"',
  custom_services: [{ connection: 'connection://default/slack', name: 'ops' }],
  source: 'UI',
};

const count = async (): Promise<number> => {
  const { rows } = await app.database.db.pool.query<{ n: number }>(
    'select count(*)::int as n from notifications',
  );
  return Number(rows[0]?.n);
};

async function refused(body: unknown, message: RegExp): Promise<void> {
  const before = await count();
  const answer = await call(app, 'POST', '/api/db/notifications', 'editor', body);
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.json)).toMatch(message);
  expect(await count()).toBe(before);
}

describe('notifications write validation', () => {
  it('creates a valid notification, recording its creator', async () => {
    const answer = await call(app, 'POST', '/api/db/notifications', 'admin', valid);
    expect(answer.status).toBe(201);
    const id = createdId(answer);
    const summary = await call(app, 'GET', `/api/db/notifications_summary?id=eq.${id}`, 'viewer');
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject([{ id, sent: 0, failed: 0, pending: 0 }]);
  });

  it('refuses missing or unknown events', async () => {
    await refused({ ...valid, events: [] }, /events are required/);
    await refused({ ...valid, events: ['check.exploded'] }, /events/);
  });

  it('refuses a filter that is not CEL', async () => {
    await refused({ ...valid, filter: 'check.name ==' }, /filter is not valid CEL/);
  });

  it('refuses a missing template, an unclosed action or an unknown function', async () => {
    await refused({ ...valid, template: undefined }, /template/);
    await refused({ ...valid, template: '{{ if .x }}' }, /template: template: 1: unexpected EOF/);
    await refused(
      { ...valid, title: '{{ nope }}' },
      /title: template: 1: function \\"nope\\" not defined/,
    );
  });

  it('refuses none or more than one recipient kind', async () => {
    await refused({ ...valid, custom_services: [] }, /exactly one recipient/);
    await refused(
      { ...valid, team_id: '0190a4f2-59d5-7c3e-8a4b-0a1b2c3d4e5f' },
      /exactly one recipient/,
    );
    await refused(
      { ...valid, custom_services: [{ connection: 'slack', name: 'x' }] },
      /connection:\/\/namespace\/name/,
    );
  });

  it('refuses, naming the field, a connection that cannot send notifications', async () => {
    await app.database.db.pool.query(
      `insert into connections (name, namespace, type, url) values ('web', 'default', 'http', 'https://example.com')`,
    );
    const service = { connection: 'connection://default/web', name: 'web' };
    await refused(
      { ...valid, custom_services: [valid.custom_services[0], service] },
      /custom_services\.1\.connection: connection:\/\/default\/web is a http connection, which cannot send notifications/,
    );
    const id = createdId(await call(app, 'POST', '/api/db/notifications', 'editor', valid));
    const patch = await call(app, 'PATCH', `/api/db/notifications?id=eq.${id}`, 'editor', {
      custom_services: [service],
    });
    expect(patch.status).toBe(400);
  });

  it('checks a PATCH against the row as written', async () => {
    const id = createdId(await call(app, 'POST', '/api/db/notifications', 'editor', valid));
    const team = await app.database.db.pool.query<{ id: string }>(
      `insert into teams (name) values ('sre') returning id`,
    );
    const patch = await call(app, 'PATCH', `/api/db/notifications?id=eq.${id}`, 'editor', {
      team_id: team.rows[0]?.id,
    });
    expect(patch.status).toBe(400);
    expect(JSON.stringify(patch.json)).toMatch(/exactly one recipient/);
    const ok = await call(app, 'PATCH', `/api/db/notifications?id=eq.${id}`, 'editor', {
      title: 'renamed',
    });
    expect(ok.status).toBe(200);
  });

  it.each(['viewer', 'responder', 'commander'] as const)('refuses writes by %s', async (role) => {
    const before = await count();
    const answer = await call(app, 'POST', '/api/db/notifications', role, valid);
    expect(answer.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('refuses anonymous reads', async () => {
    expect((await call(app, 'GET', '/api/db/notifications_summary', 'anonymous')).status).toBe(401);
  });
});
