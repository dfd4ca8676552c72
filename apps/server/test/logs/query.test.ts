import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logQueryResponseSchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { createConnection } from '../connections/connections-harness.ts';
import { call, startTestApp } from '../health/health-harness.ts';
import { startFakeApi, type FakeApi } from './fake-log-apis.ts';

let app: TestApp;
let loki: FakeApi;
let search: FakeApi;
let dir = '';
let componentId = '';
const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

const messageOf = (json: unknown) => z.object({ message: z.string() }).parse(json).message;
const answerOf = (json: unknown) => logQueryResponseSchema.parse(json);

async function addBackend(name: string, spec: unknown): Promise<void> {
  const answer = await call(app, 'POST', '/api/db/logging_backends', 'admin', { name, spec });
  if (answer.status !== 201) throw new Error(`backend ${name}: ${JSON.stringify(answer.json)}`);
}

beforeAll(async () => {
  app = await startTestApp({ modules: ['logs', 'connections'] });
  loki = await startFakeApi();
  search = await startFakeApi();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-logs-'));
  await fs.mkdir(path.join(dir, 'api'));
  const lines = [
    `${iso(120)} too old to show`,
    `${iso(30)} GET /health 200`,
    `${iso(20)} ERROR payment declined`,
    `${iso(10)} GET /orders 500`,
    `${iso(5)} error: timeout talking to db`,
  ];
  await fs.writeFile(path.join(dir, 'api', 'app.log'), `${lines.join('\n')}\n`);
  await fs.writeFile(path.join(dir, 'api', 'skip.txt'), `${iso(1)} not a log file\n`);
  await createConnection(app, {
    name: 'loki',
    type: 'http',
    url: loki.url,
    username: 'reader',
    password: 'loki-secret',
  });
  await createConnection(app, {
    name: 'search',
    type: 'elasticsearch',
    url: search.url,
    username: 'elastic',
    password: 'es-secret',
  });
  await addBackend('files', {
    backends: [
      {
        file: {
          routes: [{ type: 'file' }],
          labels: { source: 'disk' },
          path: [`${dir}/*/*.log`],
          pathLabels: `${dir}/(?<app>[^/]+)/`,
        },
      },
    ],
  });
  await addBackend('remote', {
    backends: [
      { loki: { routes: [{ type: 'loki' }], connection: 'connection://default/loki' } },
      {
        opensearch: {
          routes: [{ type: 'search', labels: { env: 'prod,stage' } }],
          connection: 'connection://default/search',
          index: 'logs-*',
        },
      },
    ],
  });
  const selectors = [
    { name: 'disk', type: 'file' },
    { name: 'loki', type: 'loki', labels: { app: 'api' } },
    { name: 'search', type: 'search', labels: { env: 'prod' } },
    { name: 'unrouted', type: 'nothing' },
  ];
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    `insert into components (name, type, log_selectors) values ('api', 'Service', $1) returning id`,
    [JSON.stringify(selectors)],
  );
  componentId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await app?.close();
  await loki?.close();
  await search?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('POST /api/logs', () => {
  it('reads the newest matching lines of files from their end, with labels', async () => {
    const answer = await call(app, 'POST', '/api/logs', 'viewer', {
      id: componentId,
      query: 'error',
    });
    expect(answer.status).toBe(200);
    const { results, total } = answerOf(answer.json);
    expect(total).toBe(2);
    expect(results.map((line) => line.message)).toEqual([
      'error: timeout talking to db',
      'ERROR payment declined',
    ]);
    expect(results[0]?.timestamp).toBe(iso(5));
    expect(results[0]?.labels).toEqual({
      source: 'disk',
      app: 'api',
      path: path.join(dir, 'api', 'app.log'),
    });
  });

  it('keeps to the time range and the limit', async () => {
    const all = answerOf(
      (await call(app, 'POST', '/api/logs', 'editor', { id: componentId, name: 'disk' })).json,
    );
    expect(all.results.map((line) => line.message)).not.toContain('too old to show');
    expect(all.total).toBe(4);
    const day = answerOf(
      (await call(app, 'POST', '/api/logs', 'editor', { id: componentId, start: '1d', limit: 2 }))
        .json,
    );
    expect(day.results.map((line) => line.message)).toEqual([
      'error: timeout talking to db',
      'GET /orders 500',
    ]);
    const windowed = answerOf(
      (
        await call(app, 'POST', '/api/logs', 'editor', {
          id: componentId,
          start: iso(25),
          end: iso(15),
        })
      ).json,
    );
    expect(windowed.results.map((line) => line.message)).toEqual(['ERROR payment declined']);
  });

  it('asks Loki query_range with the selector labels, the search and basic auth', async () => {
    loki.answer = () => ({
      status: 200,
      body: {
        status: 'success',
        data: {
          resultType: 'streams',
          result: [
            {
              stream: { app: 'api', pod: 'api-1' },
              values: [
                [`${BigInt(Date.parse(iso(3))) * 1_000_000n}`, 'db timeout'],
                [`${BigInt(Date.parse(iso(8))) * 1_000_000n}`, 'db slow'],
              ],
            },
          ],
        },
      },
    });
    const answer = await call(app, 'POST', '/api/logs', 'responder', {
      id: componentId,
      name: 'loki',
      query: 'db',
      start: iso(60),
      end: iso(0),
      limit: 50,
    });
    expect(answer.status).toBe(200);
    expect(answerOf(answer.json).results).toEqual([
      { timestamp: iso(3), message: 'db timeout', labels: { app: 'api', pod: 'api-1' } },
      { timestamp: iso(8), message: 'db slow', labels: { app: 'api', pod: 'api-1' } },
    ]);
    const [request] = loki.requests;
    const url = new URL(request?.url ?? '', loki.url);
    expect(request?.method).toBe('GET');
    expect(url.pathname).toBe('/loki/api/v1/query_range');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: '{app="api"} |~ "(?i)db"',
      start: `${BigInt(Date.parse(iso(60))) * 1_000_000n}`,
      end: `${BigInt(Date.parse(iso(0))) * 1_000_000n}`,
      limit: '50',
      direction: 'backward',
    });
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from('reader:loki-secret').toString('base64')}`,
    );
  });

  it('asks OpenSearch _search with range, term filters and the phrase', async () => {
    search.answer = () => ({
      status: 200,
      body: {
        hits: {
          total: { value: 1 },
          hits: [{ _source: { '@timestamp': iso(4), message: 'slow query', env: 'prod', n: 3 } }],
        },
      },
    });
    const answer = await call(app, 'POST', '/api/logs', 'commander', {
      id: componentId,
      name: 'search',
      query: 'slow',
      start: iso(60),
      end: iso(0),
    });
    expect(answer.status).toBe(200);
    expect(answerOf(answer.json).results).toEqual([
      { timestamp: iso(4), message: 'slow query', labels: { env: 'prod', n: '3' } },
    ]);
    const [request] = search.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/logs-*/_search');
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from('elastic:es-secret').toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      size: 500,
      sort: [{ '@timestamp': { order: 'desc' } }],
      query: {
        bool: {
          filter: [
            { range: { '@timestamp': { gte: iso(60), lte: iso(0) } } },
            { term: { env: 'prod' } },
          ],
          must: [{ match_phrase: { message: 'slow' } }],
        },
      },
    });
  });

  it('names the backend when it fails, without its secrets', async () => {
    search.answer = () => ({ status: 500, body: { error: 'shard failure' } });
    const answer = await call(app, 'POST', '/api/logs', 'viewer', {
      id: componentId,
      name: 'search',
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(
      'logging backend default/remote (opensearch): opensearch: 500',
    );
    expect(JSON.stringify(answer.json)).not.toContain('es-secret');
  });

  it.each([
    [{}, 'id: must be a component id (uuid)'],
    [{ id: 'x' }, 'id: must be a component id (uuid)'],
    [{ id: '00000000-0000-0000-0000-000000000001', limit: 0 }, 'limit:'],
    [{ id: '00000000-0000-0000-0000-000000000001', limit: 5001 }, 'limit:'],
    [{ id: '00000000-0000-0000-0000-000000000001', start: 'yesterday' }, 'start: must be'],
    [{ id: '00000000-0000-0000-0000-000000000001', query: 'q'.repeat(1001) }, 'query:'],
    [{ id: '00000000-0000-0000-0000-000000000001', extra: 1 }, 'extra'],
  ])('refuses bad input %j', async (body, message) => {
    const answer = await call(app, 'POST', '/api/logs', 'admin', body);
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
  });

  it('answers 404 for an unknown component, selector or unrouted selector', async () => {
    const unknown = await call(app, 'POST', '/api/logs', 'admin', {
      id: '00000000-0000-0000-0000-000000000001',
    });
    expect(unknown.status).toBe(404);
    const selector = await call(app, 'POST', '/api/logs', 'admin', { id: componentId, name: 'x' });
    expect(messageOf(selector.json)).toBe(
      "log selector 'x' was not found; available: disk, loki, search, unrouted",
    );
    const unrouted = await call(app, 'POST', '/api/logs', 'admin', {
      id: componentId,
      name: 'unrouted',
    });
    expect(unrouted.status).toBe(404);
    expect(messageOf(unrouted.json)).toBe(
      "no logging backend serves the log selector 'unrouted' (type nothing)",
    );
  });

  it('refuses an anonymous caller', async () => {
    const answer = await call(app, 'POST', '/api/logs', 'anonymous', { id: componentId });
    expect(answer.status).toBe(401);
  });
});
