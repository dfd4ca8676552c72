import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, useAgentsApi, type CreatedAgent } from '../agents/agents-harness.ts';
import { catalogBatch, localAgent } from './agent-catalog-batch.ts';

const api = useAgentsApi();
const push = (agent: CreatedAgent, body: unknown) =>
  api.call('POST', 'agent/push', { token: agent.token }, body);

const catalogRows = async () =>
  (
    await api.query(
      `select (select count(*)::int from config_scrapers) as scrapers,
         (select count(*)::int from config_items) as items,
         (select count(*)::int from config_changes) as changes,
         (select count(*)::int from config_analysis) as analysis,
         (select count(*)::int from config_relationships) as relationships`,
    )
  )[0];

describe('POST /api/agent/push with catalog resources', () => {
  it('writes scrapers, items (parents first), changes, analysis and relationships', async () => {
    const agent = await api.createAgent('catalog-edge');
    const { ids, body } = catalogBatch();
    const reply = await push(agent, body);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({
      accepted: {
        canaries: 0,
        checks: 0,
        check_statuses: 0,
        config_scrapers: 1,
        config_items: 3,
        config_changes: 1,
        config_analysis: 1,
        config_relationships: 1,
      },
      missing: {
        checks: [],
        check_statuses: [],
        config_items: [],
        config_changes: [],
        config_analysis: [],
        config_relationships: [],
      },
    });
    const items = await api.query(
      `select id, agent_id, scraper_id, parent_id, path, type, config_class
       from config_items where agent_id = $1 order by type`,
      [agent.id],
    );
    expect(items).toEqual([
      {
        id: ids.cluster,
        agent_id: agent.id,
        scraper_id: ids.scraper,
        parent_id: null,
        path: null,
        type: 'Kubernetes::Cluster',
        config_class: 'Cluster',
      },
      {
        id: ids.namespace,
        agent_id: agent.id,
        scraper_id: ids.scraper,
        parent_id: ids.cluster,
        path: ids.cluster,
        type: 'Kubernetes::Namespace',
        config_class: 'Namespace',
      },
      {
        id: ids.pod,
        agent_id: agent.id,
        scraper_id: ids.scraper,
        parent_id: ids.namespace,
        path: `${ids.cluster}.${ids.namespace}`,
        type: 'Kubernetes::Pod',
        config_class: 'Pod',
      },
    ]);
    const [scraper] = await api.query(
      `select agent_id, next_runtime from config_scrapers where id = $1`,
      [ids.scraper],
    );
    expect(scraper).toEqual({ agent_id: agent.id, next_runtime: null });
    expect(
      await api.query(
        `select count(*)::int as n from config_items_last_scraped_time
                       where config_id = any($1::uuid[])`,
        [[ids.cluster, ids.namespace, ids.pod]],
      ),
    ).toEqual([{ n: 3 }]);
    const [summary] = await api.query(
      `select changes, analysis from config_item_summaries where config_id = $1`,
      [ids.pod],
    );
    expect(summary).toEqual({ changes: 1, analysis: { security: 1 } });
  });

  it('is idempotent: the same batch again writes nothing new and touches no row', async () => {
    const agent = await api.createAgent('repeat-edge');
    const { ids, body } = catalogBatch();
    expect((await push(agent, body)).status).toBe(200);
    const before = await catalogRows();
    const [stamp] = await api.query(`select updated_at from config_items where id = $1`, [ids.pod]);
    expect((await push(agent, body)).status).toBe(200);
    expect(await catalogRows()).toEqual(before);
    const [again] = await api.query(`select updated_at from config_items where id = $1`, [ids.pod]);
    expect(again).toEqual(stamp);
    const [change] = await api.query(`select count from config_changes where id = $1`, [
      ids.change,
    ]);
    expect(change).toEqual({ count: 2 });
    const [counts] = await api.query(
      `select changes from config_item_summaries where config_id = $1`,
      [ids.pod],
    );
    expect(counts).toEqual({ changes: 1 });
    // The same event under a new id is a duplicate of the stored one.
    const duplicate = { ...body.config_changes[0], id: randomUUID() };
    expect((await push(agent, { config_changes: [duplicate] })).status).toBe(200);
    expect(await catalogRows()).toEqual(before);
  });

  it('answers rows whose parent, scraper or config is unknown, and writes the rest', async () => {
    const agent = await api.createAgent('orphan-edge');
    const { ids, body } = catalogBatch();
    const strangerParent = randomUUID();
    const unknownConfig = randomUUID();
    const reply = await push(agent, {
      config_items: [
        { ...body.config_items[2], scraper_id: null },
        { ...body.config_items[1], parent_id: strangerParent, scraper_id: null },
        { ...body.config_items[0], scraper_id: null },
        { id: randomUUID(), scraper_id: randomUUID(), type: 'Kubernetes::Node', name: 'n' },
      ],
      config_changes: [{ ...body.config_changes[0], config_id: unknownConfig }],
      config_relationships: body.config_relationships,
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const answer = z
      .object({
        accepted: z.record(z.string(), z.number()),
        missing: z.object({ config_items: z.array(z.string()) }).passthrough(),
      })
      .parse(reply.json);
    expect(answer.accepted).toMatchObject({
      config_items: 1,
      config_changes: 0,
      config_relationships: 0,
    });
    expect(answer.missing).toMatchObject({
      config_changes: [ids.change],
      config_relationships: [{ config_id: ids.cluster, related_id: ids.pod }],
    });
    // The namespace's parent is unknown, so it and its pod wait; the node's scraper is unknown.
    expect(answer.missing.config_items).toHaveLength(3);
    expect(answer.missing.config_items).toEqual(expect.arrayContaining([ids.namespace, ids.pod]));
    const stored = await api.query(`select id from config_items where agent_id = $1`, [agent.id]);
    expect(stored).toEqual([{ id: ids.cluster }]);
  });

  it('refuses rows of another agent or of this installation, writing nothing', async () => {
    const owner = await api.createAgent('owner-edge');
    const intruder = await api.createAgent('intruder-edge');
    const { ids, body } = catalogBatch();
    expect((await push(owner, body)).status).toBe(200);
    const before = await catalogRows();
    const overwrite = {
      config_items: [{ ...body.config_items[2], scraper_id: null, name: 'hijacked' }],
    };
    const reply = await push(intruder, overwrite);
    expect(expectError(reply, 403, 'forbidden')).toMatch(/another agent/);
    const change = { config_changes: [{ ...body.config_changes[0], id: randomUUID() }] };
    expectError(await push(intruder, change), 403, 'forbidden');
    const [local] = await api.query(
      `insert into config_items (type, name) values ('Local::Thing', 'mine') returning id`,
    );
    const analysis = {
      config_analysis: [{ ...body.config_analysis[0], config_id: String(local?.id) }],
    };
    expectError(await push(intruder, analysis), 403, 'forbidden');
    expect(await catalogRows()).toEqual({ ...before, items: Number(before?.items) + 1 });
    const [cluster] = await api.query(`select name, agent_id from config_items where id = $1`, [
      ids.cluster,
    ]);
    expect(cluster).toEqual({ name: 'prod', agent_id: owner.id });
  });

  it.each([
    [{ config_items: [{ id: 'x', type: 'A::B' }] }, 'config_items.0.id'],
    [{ config_items: [{ id: randomUUID() }] }, 'config_items.0.type'],
    [
      { config_items: [{ id: randomUUID(), type: 'A::B', health: 'great' }] },
      'config_items.0.health',
    ],
    [
      {
        config_analysis: [
          { id: randomUUID(), config_id: randomUUID(), analyzer: 'a', analysis_type: 'bad' },
        ],
      },
      'config_analysis.0.analysis_type',
    ],
    [
      {
        config_relationships: [{ config_id: localAgent, related_id: localAgent, selector_id: 's' }],
      },
      'config_relationships.0.related_id',
    ],
    [
      {
        config_changes: [
          { id: randomUUID(), config_id: randomUUID(), change_type: 'X', created_at: 'yesterday' },
        ],
      },
      'config_changes.0.created_at',
    ],
  ])('refuses bad input naming the field (%#)', async (bad, field) => {
    const agent = await api.createAgent(`bad-${randomUUID().slice(0, 8)}`);
    const before = await catalogRows();
    const message = expectError(await push(agent, bad), 400);
    expect(message.startsWith(`${field}:`), message).toBe(true);
    expect(await catalogRows()).toEqual(before);
  });

  it('refuses a parent cycle naming the item', async () => {
    const agent = await api.createAgent('cycle-edge');
    const a = randomUUID();
    const b = randomUUID();
    const reply = await push(agent, {
      config_items: [
        { id: a, type: 'X::Y', parent_id: b },
        { id: b, type: 'X::Y', parent_id: a },
      ],
    });
    expect(expectError(reply, 400)).toMatch(
      /^config_items\.[01]\.parent_id: the parents of this item form a cycle$/,
    );
  });
});
