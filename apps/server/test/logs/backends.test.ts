import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { createConnection } from '../connections/connections-harness.ts';
import { call, startTestApp } from '../health/health-harness.ts';

let app: TestApp;

const messageOf = (json: unknown) => z.object({ message: z.string() }).parse(json).message;

beforeAll(async () => {
  app = await startTestApp({ modules: ['logs', 'connections'] });
  // The connection a backend may name; its endpoint is the only URL that backend may use.
  await createConnection(app, {
    name: 'loki',
    type: 'http',
    url: 'http://127.0.0.1:3100',
    username: 'reader',
    password: 'loki-secret',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('logging_backends writes', () => {
  const count = async () =>
    (
      await app.database.db.pool.query<{ n: number }>(
        'select count(*)::int as n from logging_backends',
      )
    ).rows[0]?.n;

  it('lets an editor add a remote backend, and refuses a viewer', async () => {
    const spec = { backends: [{ loki: { url: 'http://loki.example:3100' } }] };
    const editor = await call(app, 'POST', '/api/db/logging_backends', 'editor', {
      name: 'l2',
      spec,
    });
    expect(editor.status).toBe(201);
    const before = await count();
    const viewer = await call(app, 'POST', '/api/db/logging_backends', 'viewer', {
      name: 'l3',
      spec,
    });
    expect(viewer.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it.each([
    [{ backends: [] }, 'spec.backends: '],
    [{ backends: [{ syslog: {} }] }, 'spec.backends[0].syslog: is not a backend kind'],
    [
      { backends: [{ loki: {}, file: {} }] },
      'spec.backends[0]: must name exactly one backend kind',
    ],
    [{ backends: [{ loki: { url: 'nope' } }] }, 'spec.backends[0].loki.url: '],
    [
      { backends: [{ opensearch: { url: 'http://x:9200' } }] },
      'spec.backends[0].opensearch.index: ',
    ],
    [
      { backends: [{ file: { path: ['logs/*.log'] } }] },
      'spec.backends[0].file.path[0]: must be an absolute path',
    ],
  ])('refuses the spec %j naming the field', async (spec, message) => {
    const before = await count();
    const answer = await call(app, 'POST', '/api/db/logging_backends', 'admin', {
      name: 'bad',
      spec,
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect(await count()).toBe(before);
  });

  it('keeps file backends and foreign connection endpoints to admins', async () => {
    const before = await count();
    const file = await call(app, 'POST', '/api/db/logging_backends', 'editor', {
      name: 'etc',
      spec: { backends: [{ file: { path: ['/etc/*'] } }] },
    });
    expect(file.status).toBe(400);
    expect(messageOf(file.json)).toBe(
      'spec.backends[0].file: reading files on the server needs write access to connections',
    );
    const foreign = await call(app, 'POST', '/api/db/logging_backends', 'editor', {
      name: 'steal',
      spec: {
        backends: [
          { loki: { url: 'http://10.0.0.9:3100', connection: 'connection://default/loki' } },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    expect(messageOf(foreign.json)).toContain(
      'spec.backends[0].loki.url: http://10.0.0.9:3100 is not the endpoint',
    );
    expect(await count()).toBe(before);
  });
});
