import { logQueryResponseSchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { startFakeKubeCluster, type FakeKubeCluster } from '../catalog/fake-kube-api.ts';
import { pod } from '../catalog/kube-fixtures.ts';
import { createConnection } from '../connections/connections-harness.ts';
import { call, startTestApp } from '../health/health-harness.ts';

/**
 * The kubernetes logging backend against a fake Kubernetes API: the pods that the selector's
 * labels pick are listed, and each pod's log is read with timestamps since the range's start.
 */
let app: TestApp;
let cluster: FakeKubeCluster;
let componentId = '';
const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const answerOf = (json: unknown) => logQueryResponseSchema.parse(json);
const messageOf = (json: unknown) => z.object({ message: z.string() }).parse(json).message;

beforeAll(async () => {
  app = await startTestApp({ modules: ['logs', 'connections'] });
  cluster = await startFakeKubeCluster(
    {
      pods: [
        pod('shop', 'orders-1', { app: 'orders' }),
        pod('shop', 'orders-2', { app: 'orders' }),
        pod('shop', 'cart-1', { app: 'cart' }),
      ],
    },
    {
      logs: {
        'shop/orders-1': [
          `${iso(120)} too old to show`,
          `${iso(30)} orders-1 started`,
          `${iso(12)} ERROR payment declined`,
        ].join('\n'),
        'shop/orders-2': [`${iso(20)} orders-2 started`, `${iso(4)} error: db timeout`].join('\n'),
        'shop/cart-1': `${iso(3)} cart error that the selector leaves out`,
      },
    },
  );
  await createConnection(app, {
    name: 'kube',
    type: 'kubernetes',
    certificate: cluster.kubeconfig(),
  });
  const backend = await call(app, 'POST', '/api/db/logging_backends', 'admin', {
    name: 'pods',
    spec: {
      backends: [
        {
          kubernetes: {
            routes: [{ type: 'pods' }],
            namespace: 'shop',
            connection: 'connection://default/kube',
          },
        },
        {
          kubernetes: {
            routes: [{ type: 'elsewhere' }],
            namespace: 'missing',
            connection: 'connection://default/nope',
          },
        },
      ],
    },
  });
  expect(backend.status, JSON.stringify(backend.json)).toBe(201);
  const selectors = [
    { name: 'orders', type: 'pods', labels: { app: 'orders' } },
    { name: 'unknown', type: 'elsewhere', labels: { app: 'orders' } },
  ];
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    `insert into components (name, type, log_selectors) values ('orders', 'Service', $1)
     returning id`,
    [JSON.stringify(selectors)],
  );
  componentId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await app?.close();
  await cluster?.close();
});

describe('the kubernetes logging backend', () => {
  it('reads the logs of the selected pods, newest first, with pod labels', async () => {
    cluster.requests.length = 0;
    const answer = await call(app, 'POST', '/api/logs', 'viewer', { id: componentId });
    expect(answer.status).toBe(200);
    const { results } = answerOf(answer.json);
    expect(results.map((line) => line.message)).toEqual([
      'error: db timeout',
      'ERROR payment declined',
      'orders-2 started',
      'orders-1 started',
    ]);
    expect(results[0]).toEqual({
      timestamp: iso(4),
      message: 'error: db timeout',
      labels: { namespace: 'shop', pod: 'orders-2', app: 'orders' },
    });
    const [list, ...logs] = cluster.requests;
    expect(list).toMatch(/^\/api\/v1\/namespaces\/shop\/pods\?.*labelSelector=app%3Dorders/);
    expect(logs).toHaveLength(2);
    for (const asked of logs) {
      const params = new URL(asked, 'http://kube').searchParams;
      expect(params.get('timestamps')).toBe('true');
      // The default range is the last hour.
      expect(Number(params.get('sinceSeconds'))).toBeGreaterThanOrEqual(3600);
      expect(Number(params.get('tailLines'))).toBeGreaterThan(0);
    }
  });

  it('keeps to the search text, the range and the limit', async () => {
    const errors = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, query: 'ERROR' })).json,
    );
    expect(errors.results.map((line) => line.message)).toEqual([
      'error: db timeout',
      'ERROR payment declined',
    ]);
    const windowed = answerOf(
      (
        await call(app, 'POST', '/api/logs', 'viewer', {
          id: componentId,
          start: iso(25),
          end: iso(10),
          limit: 5,
        })
      ).json,
    );
    expect(windowed.results.map((line) => line.message)).toEqual([
      'ERROR payment declined',
      'orders-2 started',
    ]);
    const one = answerOf(
      (await call(app, 'POST', '/api/logs', 'viewer', { id: componentId, limit: 1 })).json,
    );
    expect(one.results.map((line) => line.message)).toEqual(['error: db timeout']);
  });

  it('names the backend when its connection is missing', async () => {
    const answer = await call(app, 'POST', '/api/logs', 'viewer', {
      id: componentId,
      name: 'unknown',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(messageOf(answer.json)).toMatch(/nope/);
  });
});
