import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { call, startTestApp } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';
import { expressionConsumer } from '../../src/modules/topology/expressions/expression.consumer.ts';
import { createTopology, runAnswer, seed, statusOf } from './topology-harness.ts';

/** statusExpr / healthExpr (CEL over the summary), groupBy and the refusal of push. */
let app: TestApp;
let seeded: Awaited<ReturnType<typeof seed>>;

const rows = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

/** Runs the expression consumer over the queued events, as the events worker would. */
async function drain(): Promise<number> {
  let handled = 0;
  for (let round = 0; round < 10; round++) {
    const queued = await rows(
      `delete from event_queue where name = 'topology.component.expression'
       returning id, properties`,
    );
    if (queued.length === 0) return handled;
    const client = await app.database.db.pool.connect();
    try {
      for (const event of queued) {
        const properties = event.properties;
        if (!expressionConsumer.transactional) throw new Error('the consumer is transactional');
        await expressionConsumer.handle(
          {
            id: String(event.id),
            name: 'topology.component.expression',
            eventId: null,
            properties:
              typeof properties === 'object' && properties !== null ? { ...properties } : {},
            attempts: 0,
            createdAt: new Date(),
          },
          { client, signal: new AbortController().signal, log: pino({ level: 'silent' }) },
        );
        handled++;
      }
    } finally {
      client.release();
    }
  }
  return handled;
}

const fixtureStatusExpr = `summary.healthy > 0 && summary.unhealthy == 0 && summary.warning == 0 ? "healthy" :
  summary.healthy == 0 && summary.unhealthy == 0 && summary.warning == 0 ? "unknown" :
  summary.healthy > 0 && summary.unhealthy > 0 || summary.warning > 0 ? "warning" : "unhealthy"`;

beforeAll(async () => {
  app = await startTestApp({ modules: ['health', 'catalog', 'topology'] });
  seeded = await seed(app);
});
afterAll(async () => {
  await app.close();
});

describe('statusExpr and healthExpr', () => {
  it('decide the status from the summary and follow check changes', async () => {
    const id = await createTopology(app, 'expr', {
      statusExpr: fixtureStatusExpr,
      components: [
        { name: 'a', type: 'Service', checks: [{ selector: { labelSelector: 'app=api' } }] },
        {
          name: 'b',
          type: 'Service',
          checks: [{ selector: { labelSelector: 'app=other' } }],
          healthExpr: 'summary.checks.unhealthy > 0 ? "warning" : "healthy"',
        },
        {
          name: 'c',
          type: 'Service',
          properties: [{ name: 'mode', text: 'maintenance' }],
          statusExpr: 'properties.mode == "maintenance" ? "info" : self.name',
        },
        { name: 'd', type: 'Service', statusExpr: '"good"' },
        {
          name: 'f',
          type: 'Service',
          health: 'healthy',
          statusExpr: 'summary.healthy > 0 ? "good" : "bad"',
        },
      ],
    });
    const run = runAnswer.parse(
      (await call(app, 'POST', `/api/topology/${id}/run`, 'editor')).json,
    );
    expect(run.errors).toEqual([]);
    expect(await statusOf(app, 'b')).toEqual({ status: 'healthy', status_reason: null });
    expect(await statusOf(app, 'c')).toEqual({ status: 'info', status_reason: null });
    expect(await statusOf(app, 'd')).toEqual({
      status: 'unknown',
      status_reason: 'statusExpr answered "good"',
    });
    // Not a status: the rolled-up one stands (a leaf counts its own health), with the answer.
    expect(await statusOf(app, 'f')).toEqual({
      status: 'healthy',
      status_reason: 'statusExpr answered "good"',
    });
    expect((await statusOf(app, 'expr'))?.status).toBe('healthy');

    // A check breaks: b's healthExpr turns it to warning, then the root's statusExpr follows.
    await rows(`update checks set status = 'unhealthy' where id = $1`, [seeded.otherCheck]);
    expect(await drain()).toBeGreaterThanOrEqual(2);
    expect((await statusOf(app, 'b'))?.status).toBe('warning');
    expect((await statusOf(app, 'expr'))?.status).toBe('warning');
    // Mended.
    await rows(`update checks set status = 'healthy' where id = $1`, [seeded.otherCheck]);
    await drain();
    expect((await statusOf(app, 'b'))?.status).toBe('healthy');
    expect((await statusOf(app, 'expr'))?.status).toBe('healthy');
  });

  it('reports an expression that fails as the reason', async () => {
    const id = await createTopology(app, 'expr-fails', {
      components: [{ name: 'e', type: 'Service', statusExpr: 'summary.nothing.deeper' }],
    });
    await call(app, 'POST', `/api/topology/${id}/run`, 'editor');
    const status = await statusOf(app, 'e');
    expect(status?.status).toBe('unknown');
    expect(status?.status_reason).toMatch(/^statusExpr failed: /);
  });

  it('refuses an expression that is not CEL, naming the field', async () => {
    const answer = await call(app, 'POST', '/api/db/topologies', 'editor', {
      name: 'bad-expr',
      spec: { components: [{ name: 'x', healthExpr: 'summary.healthy >' }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('spec.components[0].healthExpr is not valid CEL');
    expect(await rows(`select 1 from topologies where name = 'bad-expr'`)).toEqual([]);
  });
});

describe('groupBy and push', () => {
  it('groups catalog lookups into one virtual parent per tag value', async () => {
    await rows(
      `insert into config_items (name, type, health, tags, config) values
         ('node-s1', 'Test::Node', 'healthy', '{"cluster":"staging"}', '{}')`,
    );
    const id = await createTopology(app, 'clusters', {
      groupBy: { tag: 'cluster' },
      components: [
        {
          name: 'Nodes',
          lookup: {
            catalog: [
              {
                selector: [{ types: ['Test::Node'] }],
                display: {
                  expr: "dyn(results).map(r, {'name': r.name, 'type': 'Node', 'status': r.health}).toJSON()",
                },
              },
            ],
          },
        },
      ],
    });
    const run = runAnswer.parse(
      (await call(app, 'POST', `/api/topology/${id}/run`, 'editor')).json,
    );
    expect(run.errors).toEqual([]);
    const tree = await rows(
      `select p.name as parent, p.type as parent_type, c.name from components c
         join components p on p.id = c.parent_id
        where c.topology_id = $1 and c.deleted_at is null and c.type = 'Node'
        order by p.name, c.name`,
      [id],
    );
    expect(tree).toEqual([
      { parent: 'prod', parent_type: 'virtual', name: 'node-1' },
      { parent: 'prod', parent_type: 'virtual', name: 'node-2' },
      { parent: 'staging', parent_type: 'virtual', name: 'node-s1' },
    ]);
    const [group] = await rows(`select labels from components where name = 'staging'`);
    expect(group?.labels).toEqual({ cluster: 'staging' });
  });

  it('refuses push and a groupBy without a tag, naming the field', async () => {
    for (const [spec, field] of [
      [{ push: { url: 'https://example.com' } }, 'spec.push is not supported'],
      [{ groupBy: { selector: { types: ['x'] } } }, 'spec.groupBy.tag is required'],
    ] as const) {
      const answer = await call(app, 'POST', '/api/db/topologies', 'editor', {
        name: 'refused',
        spec,
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.json)).toContain(field);
    }
    expect(await rows(`select 1 from topologies where name = 'refused'`)).toEqual([]);
  });
});
