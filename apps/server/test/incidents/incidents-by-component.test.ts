import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createdId, startTestApp } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';

let app: TestApp;
let componentId = '';
let otherId = '';
let incidentId = '';

async function post(path: string, body: unknown): Promise<string> {
  const answer = await call(app, 'POST', `/api/db/${path}`, 'admin', body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return createdId(answer);
}

beforeAll(async () => {
  app = await startTestApp({ modules: ['topology', 'incidents'] });
  componentId = await post('components', { name: 'orders-db', type: 'Database' });
  otherId = await post('components', { name: 'billing-api', type: 'Service' });
  incidentId = await post('incidents', { title: 'Orders are slow', severity: 'high' });
  const hypothesis = await post('hypotheses', { incident_id: incidentId, type: 'root' });
  const second = await post('hypotheses', {
    incident_id: incidentId,
    type: 'factor',
    parent_id: hypothesis,
  });
  // Two pieces of evidence on the same component still list the incident once.
  for (const hypothesisId of [hypothesis, second]) {
    await post('evidences', {
      hypothesis_id: hypothesisId,
      type: 'topology',
      component_id: componentId,
    });
  }
});
afterAll(async () => {
  await app.close();
});

const list = (componentQuery: string, role: Parameters<typeof call>[3] = 'viewer') =>
  call(app, 'GET', `/api/db/incidents_by_component?component_id=${componentQuery}`, role);

describe('GET /api/db/incidents_by_component', () => {
  it.each(['admin', 'editor', 'commander', 'responder', 'viewer'] as const)(
    'lists the incidents with evidence on the component, once each, for a %s',
    async (role) => {
      const answer = await list(`eq.${componentId}`, role);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual([
        expect.objectContaining({
          component_id: componentId,
          id: incidentId,
          title: 'Orders are slow',
          severity: 'high',
          status: 'open',
        }),
      ]);
    },
  );

  it('lists nothing for a component without evidence', async () => {
    const answer = await list(`eq.${otherId}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    expect((await list(`eq.${componentId}`, 'anonymous')).status).toBe(401);
  });

  it('refuses a component id that is not a uuid, naming it', async () => {
    const answer = await list('eq.not-a-uuid');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('uuid');
  });

  it('cannot be written', async () => {
    const answer = await call(app, 'POST', '/api/db/incidents_by_component', 'admin', {
      component_id: componentId,
      title: 'x',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await list(`eq.${componentId}`)).json).toHaveLength(1);
  });
});
