import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logQueryResponseSchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { call, startTestApp } from '../health/health-harness.ts';

/**
 * The journal backend against real journal files: an export (journalctl's own format) is
 * turned into a journal by systemd-journal-remote, and journalctl reads it back.
 */
const journalRemote = '/usr/lib/systemd/systemd-journal-remote';

let app: TestApp;
let dir = '';
let componentId = '';
const now = Date.now();
const micros = (minutesAgo: number) => String((now - minutesAgo * 60_000) * 1000);
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const answerOf = (json: unknown) => logQueryResponseSchema.parse(json);
const messageOf = (json: unknown) => z.object({ message: z.string() }).parse(json).message;

function entry(index: number, minutesAgo: number, fields: Record<string, string>): string {
  const lines = [
    `__CURSOR=s=1;i=${index}`,
    `__REALTIME_TIMESTAMP=${micros(minutesAgo)}`,
    `__MONOTONIC_TIMESTAMP=${index}`,
    `_BOOT_ID=0123456789abcdef0123456789abcdef`,
    `_MACHINE_ID=0123456789abcdef0123456789abcdef`,
    `_HOSTNAME=box-1`,
    ...Object.entries(fields).map(([key, value]) => `${key}=${value}`),
  ];
  return `${lines.join('\n')}\n\n`;
}

async function addBackend(name: string, spec: unknown, role: 'admin' | 'editor' = 'admin') {
  return call(app, 'POST', '/api/db/logging_backends', role, { name, spec });
}

beforeAll(async () => {
  app = await startTestApp({ modules: ['logs', 'connections'] });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-journal-'));
  const orders = { _SYSTEMD_UNIT: 'orders.service', SYSLOG_IDENTIFIER: 'orders' };
  const nginx = { _SYSTEMD_UNIT: 'nginx.service', SYSLOG_IDENTIFIER: 'nginx' };
  const entries = [
    entry(1, 120, { ...orders, PRIORITY: '6', MESSAGE: 'too old to show' }),
    entry(2, 30, { ...orders, PRIORITY: '6', MESSAGE: 'orders started' }),
    entry(3, 20, { ...orders, PRIORITY: '3', MESSAGE: 'ERROR payment declined (card 4242)' }),
    entry(4, 10, { ...nginx, PRIORITY: '6', MESSAGE: 'GET /orders 500' }),
    entry(5, 5, { ...orders, PRIORITY: '4', MESSAGE: 'error: timeout talking to db' }),
  ];
  await fs.writeFile(path.join(dir, 'export.txt'), entries.join(''));
  execFileSync(journalRemote, ['-o', path.join(dir, 'app.journal'), path.join(dir, 'export.txt')], {
    stdio: 'ignore',
  });
  const created = await addBackend('journal', {
    backends: [
      { journal: { routes: [{ type: 'journal' }], files: [`${dir}/*.journal`] } },
      {
        journal: {
          routes: [{ type: 'orders-only' }],
          files: [`${dir}/app.journal`],
          units: ['orders.service'],
          labels: { source: 'journal' },
        },
      },
      { journal: { routes: [{ type: 'broken' }], journalctl: '/nonexistent/journalctl' } },
    ],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const selectors = [
    { name: 'all', type: 'journal' },
    { name: 'nginx', type: 'journal', labels: { unit: 'nginx.service' } },
    { name: 'orders', type: 'orders-only' },
    { name: 'broken', type: 'broken' },
  ];
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    `insert into components (name, type, log_selectors) values ('box', 'Host', $1) returning id`,
    [JSON.stringify(selectors)],
  );
  componentId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await app?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the journal logging backend', () => {
  it('answers the newest entries of the range, with unit, identifier, host and priority', async () => {
    const answer = await call(app, 'POST', '/api/logs', 'viewer', { id: componentId });
    expect(answer.status).toBe(200);
    const { results } = answerOf(answer.json);
    expect(results.map((line) => line.message)).toEqual([
      'error: timeout talking to db',
      'GET /orders 500',
      'ERROR payment declined (card 4242)',
      'orders started',
    ]);
    expect(results[0]).toEqual({
      timestamp: iso(5),
      message: 'error: timeout talking to db',
      labels: {
        unit: 'orders.service',
        identifier: 'orders',
        hostname: 'box-1',
        priority: 'warning',
      },
    });
  });

  it('searches without regard to case, taking the text literally', async () => {
    const error = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, query: 'Error' })).json,
    );
    expect(error.results.map((line) => line.message)).toEqual([
      'error: timeout talking to db',
      'ERROR payment declined (card 4242)',
    ]);
    const literal = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, query: '(card 4242)' }))
        .json,
    );
    expect(literal.results.map((line) => line.message)).toEqual([
      'ERROR payment declined (card 4242)',
    ]);
    const none = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, query: 'no such' })).json,
    );
    expect(none.results).toEqual([]);
  });

  it('keeps to the time range, the limit, units and selector labels', async () => {
    const windowed = answerOf(
      (
        await call(app, 'POST', '/api/logs', 'viewer', {
          id: componentId,
          start: iso(25),
          end: iso(8),
          limit: 1,
        })
      ).json,
    );
    expect(windowed.results.map((line) => line.message)).toEqual(['GET /orders 500']);
    const nginx = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, name: 'nginx' })).json,
    );
    expect(nginx.results.map((line) => line.message)).toEqual(['GET /orders 500']);
    const orders = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, name: 'orders' })).json,
    );
    expect(orders.results.map((line) => line.labels.unit)).toEqual([
      'orders.service',
      'orders.service',
      'orders.service',
    ]);
    expect(orders.results[0]?.labels.source).toBe('journal');
  });

  it('names journalctl when it cannot run', async () => {
    const answer = await call(app, 'POST', '/api/logs', 'viewer', {
      id: componentId,
      name: 'broken',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(messageOf(answer.json)).toMatch(/journal: journalctl failed/);
  });

  it('keeps journal backends to admins and refuses a relative path, writing nothing', async () => {
    const spec = { backends: [{ journal: { directory: '/var/log/journal' } }] };
    const editor = await addBackend('journal-editor', spec, 'editor');
    expect(editor.status).toBe(400);
    expect(messageOf(editor.json)).toBe(
      'spec.backends[0].journal: reading files on the server needs write access to connections',
    );
    const relative = await addBackend('journal-relative', {
      backends: [{ journal: { files: ['logs/*.journal'] } }],
    });
    expect(relative.status).toBe(400);
    expect(messageOf(relative.json)).toBe(
      'spec.backends[0].journal.files[0]: must be an absolute path',
    );
    const { rows } = await app.database.db.pool.query(
      `select name from logging_backends where name like 'journal-%'`,
    );
    expect(rows).toEqual([]);
  });
});
