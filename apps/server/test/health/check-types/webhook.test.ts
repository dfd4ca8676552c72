import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { canaryJsonSchema } from '../../../src/modules/health/canaries/canary-schema.ts';
import { call, createdId, startTestApp } from '../health-harness.ts';
import type { TestApp } from '../../app.ts';

let app: TestApp;

const statusRow = z.object({
  name: z.string(),
  status: z.boolean(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});

async function statuses(canaryId: string) {
  const found = await app.database.db.pool.query(
    `select k.name, s.status, s.message, s.error from check_statuses s
     join checks k on k.id = s.check_id where k.canary_id = $1 order by s.time, k.name`,
    [canaryId],
  );
  return found.rows.map((row) => statusRow.parse(row));
}

async function createCanary(name: string, spec: Record<string, unknown>): Promise<string> {
  const created = await call(app, 'POST', '/api/db/canaries', 'admin', { name, spec });
  expect(created.status).toBe(201);
  return createdId(created);
}

function push(name: string, body: string, headers: Record<string, string> = {}, query = '') {
  return fetch(`${app.baseUrl}/api/webhook/${name}${query}`, { method: 'POST', headers, body });
}

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app.close());

describe('webhook check: pushes to /api/webhook/{name} over real HTTP', () => {
  it('records a pushed JSON body through display and test, with the token checked', async () => {
    const id = await createCanary('github-status', {
      schedule: '@every 1h',
      http: [{ name: 'unrelated', url: 'http://127.0.0.1:9/' }],
      webhook: {
        name: 'github',
        token: { value: 's3cret' },
        display: { expr: "results.json.status + ' from ' + results.headers['X-Source']" },
        test: { expr: "results.json.status == 'operational'" },
      },
    });
    const good = await push('github', '{"status":"operational"}', {
      'content-type': 'application/json',
      'webhook-token': 's3cret',
      'x-source': 'hook',
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ message: 'ok' });
    const bad = await push(
      'github',
      '{"status":"major_outage"}',
      { 'content-type': 'application/json', 'x-source': 'hook' },
      '?token=s3cret',
    );
    expect(bad.status).toBe(200);
    expect(await statuses(id)).toEqual([
      { name: 'github', status: true, message: 'operational from hook', error: null },
      {
        name: 'github',
        status: false,
        message: 'major_outage from hook',
        error: expect.any(String),
      },
    ]);
  });

  it('refuses a missing or wrong token with 401 and records nothing', async () => {
    const id = await createCanary('guarded', {
      webhook: { name: 'guarded', token: { value: 'right' } },
    });
    const missing = await push('guarded', 'hello');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'invalid webhook token' });
    const wrong = await push('guarded', 'hello', { 'webhook-token': 'wrong' });
    expect(wrong.status).toBe(401);
    expect(await statuses(id)).toEqual([]);
  });

  it('keeps a non-JSON body as content and never hands the token header to expressions', async () => {
    const id = await createCanary('texts', {
      webhook: {
        name: 'texts',
        token: 'tok',
        display: { expr: "results.content + ' ' + string('Webhook-Token' in results.headers)" },
      },
    });
    const sent = await push('texts', 'plain words', {
      'content-type': 'text/plain',
      'webhook-token': 'tok',
    });
    expect(sent.status).toBe(200);
    expect(await statuses(id)).toEqual([
      { name: 'texts', status: true, message: 'plain words false', error: null },
    ]);
  });

  it('answers 404 for an unknown webhook and 400 when two canaries share the name', async () => {
    const unknown = await push('nobody', '{}');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      message: 'no canaries found for webhook: nobody',
    });
    await createCanary('twin-a', { webhook: { name: 'twin' } });
    await createCanary('twin-b', { webhook: { name: 'twin' } });
    const twin = await push('twin', '{}');
    expect(twin.status).toBe(400);
    expect(await twin.json()).toMatchObject({
      message:
        '2 canaries were found for webhook: twin. please ensure that the webhook name is unique.',
    });
  });

  it('answers on the Mission Control path too, and the schedule never runs the webhook', async () => {
    const id = await createCanary('mc', { webhook: { name: 'mc-hook' } });
    const sent = await fetch(`${app.baseUrl}/api/canary/webhook/mc-hook`, {
      method: 'POST',
      body: 'x',
    });
    expect(sent.status).toBe(200);
    const run = await app.api.health.push(id, 'not-a-check', {});
    expect(run).toMatchObject({ total: 0 });
    expect(await statuses(id)).toHaveLength(1);
  });

  it('declares webhook as one object, as canary-checker’s CRD, and refuses a list', () => {
    expect(
      parseCanarySpec({ webhook: { name: 'Github', transformDeleteStrategy: 'Ignore' } }).ok,
    ).toBe(true);
    expect(parseCanarySpec({ webhook: [{ name: 'Github' }] })).toMatchObject({
      ok: false,
      field: 'spec.webhook',
    });
    expect(parseCanarySpec({ webhook: { name: 'x', token: 5 } })).toMatchObject({
      ok: false,
      field: 'spec.webhook.token',
    });
    const schema = z
      .object({
        properties: z.object({ spec: z.object({ properties: z.record(z.string(), z.unknown()) }) }),
      })
      .parse(canaryJsonSchema());
    expect(schema.properties.spec.properties.webhook).toMatchObject({ type: 'object' });
    expect(schema.properties.spec.properties.s3).toMatchObject({ type: 'array' });
  });
});
