import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestScrapeResult } from '../../src/modules/catalog/ingest/ingest.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  clusterItem,
  configEnqueue,
  createScraper,
  localAgent,
  namespaceItem,
  pod,
  result,
  rows,
} from './ingest-harness.ts';

let database: TestDatabase;
let scraperId: string;
const enqueue = configEnqueue();
const t0 = new Date('2026-11-27T10:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  scraperId = await createScraper(database.db, 'k8s');
});
afterAll(async () => {
  await database.drop();
});

const ingest = (parts: Parameters<typeof result>[0], now: Date) =>
  ingestScrapeResult(database.db, { id: scraperId, agentId: localAgent }, result(parts), {
    full: false,
    now,
    enqueue,
  });

const itemRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  config_class: z.string(),
  external_id: z.array(z.string()),
  agent_id: z.string(),
  scraper_id: z.string(),
  parent_id: z.string().nullable(),
  path: z.string().nullable(),
  health: z.string(),
  config_hash: z.string(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
  delete_reason: z.string().nullable(),
});
const items = () =>
  rows(database.db, itemRow, 'select * from config_items order by created_at, name');
const byName = async (name: string) => {
  const found = (await items()).find((row) => row.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};
const events = () =>
  rows(
    database.db,
    z.object({ name: z.string(), event_id: z.string().nullable() }),
    'select name, event_id from event_queue order by created_at',
  );
const changes = (configId: string) =>
  rows(
    database.db,
    z.object({
      change_type: z.string(),
      source: z.string().nullable(),
      summary: z.string().nullable(),
      diff: z.string().nullable(),
      patches: z.unknown(),
      count: z.number(),
      first_observed: z.date(),
      created_at: z.date(),
      external_change_id: z.string().nullable(),
    }),
    'select * from config_changes where config_id = $1 order by first_observed, change_type',
    [configId],
  );

describe('ingestScrapeResult', () => {
  it('stores new items keyed by external ids and type, with hard parents and a path', async () => {
    const summary = await ingest(
      {
        items: [pod('web-0', { aliases: ['10.0.0.5'] }), pod('web-1'), namespaceItem, clusterItem],
      },
      t0,
    );
    expect(summary['Kubernetes::Pod']).toMatchObject({ added: 2, updated: 0, unchanged: 0 });
    expect(summary['Kubernetes::Cluster']).toMatchObject({ added: 1 });
    const cluster = await byName('prod');
    const ns = await byName('default');
    const web0 = await byName('web-0');
    expect(web0).toMatchObject({
      type: 'Kubernetes::Pod',
      config_class: 'Pod',
      external_id: ['uid-web-0', '10.0.0.5'],
      agent_id: localAgent,
      scraper_id: scraperId,
      parent_id: ns.id,
      path: `${cluster.id}.${ns.id}`,
      health: 'healthy',
    });
    expect(ns).toMatchObject({ parent_id: cluster.id, path: cluster.id });
    const scraped = await rows(
      database.db,
      z.object({ n: z.coerce.number() }),
      'select count(*) as n from config_items_last_scraped_time where last_scraped_time = $1',
      [t0],
    );
    expect(scraped[0]?.n).toBe(4);
    expect((await events()).map((e) => e.name)).toEqual(Array(4).fill('config.created'));
  });

  it('a rescrape of unchanged items only moves last_scraped_time', async () => {
    await database.db.pool.query('delete from event_queue');
    const before = await items();
    const summary = await ingest(
      {
        // Same documents, keys in another order.
        items: [
          clusterItem,
          namespaceItem,
          pod('web-1', {
            config: {
              spec: { image: 'nginx:1.25', replicas: 1 },
              metadata: { namespace: 'default', name: 'web-1' },
            },
          }),
          pod('web-0', { aliases: ['10.0.0.5'] }),
        ],
      },
      minutes(10),
    );
    expect(summary['Kubernetes::Pod']).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 2,
      changes: 0,
    });
    expect(await items()).toEqual(before);
    const scraped = await rows(
      database.db,
      z.object({ n: z.coerce.number() }),
      'select count(*) as n from config_items_last_scraped_time where last_scraped_time = $1',
      [minutes(10)],
    );
    expect(scraped[0]?.n).toBe(4);
    expect(await events()).toEqual([]);
    expect(await changes((await byName('web-0')).id)).toEqual([]);
  });

  it('a changed document records a diff change and one config.updated event', async () => {
    await database.db.pool.query('delete from event_queue');
    const summary = await ingest(
      {
        items: [
          pod('web-0', {
            aliases: ['10.0.0.5'],
            config: {
              metadata: { name: 'web-0', namespace: 'default' },
              spec: { replicas: 3, image: 'nginx:1.27' },
            },
          }),
        ],
      },
      minutes(20),
    );
    expect(summary['Kubernetes::Pod']).toMatchObject({ updated: 1, changes: 1 });
    const web0 = await byName('web-0');
    const [change] = await changes(web0.id);
    expect(change).toMatchObject({
      change_type: 'diff',
      source: 'diff',
      summary: 'spec.image, spec.replicas',
      patches: { spec: { image: 'nginx:1.27', replicas: 3 } },
    });
    expect(change?.diff).toContain('-    "replicas": 1');
    expect(change?.diff).toContain('+    "replicas": 3');
    expect(await events()).toEqual([{ name: 'config.updated', event_id: web0.id }]);
  });

  it('a health change records a change and queues only the health event', async () => {
    await database.db.pool.query('delete from event_queue');
    const web1Before = await byName('web-1');
    await ingest(
      {
        items: [
          pod('web-1', {
            health: 'unhealthy',
            status: 'CrashLoopBackOff',
            config: {
              metadata: { name: 'web-1', namespace: 'default' },
              spec: { replicas: 1, image: 'nginx:bad' },
            },
          }),
        ],
      },
      minutes(30),
    );
    const web1 = await byName('web-1');
    expect(web1.health).toBe('unhealthy');
    expect(web1.config_hash).not.toBe(web1Before.config_hash);
    const recorded = (await changes(web1.id)).map((c) => [c.change_type, c.summary]);
    expect(recorded.sort()).toEqual([
      ['HealthChanged', 'health changed from healthy to unhealthy'],
      ['diff', 'spec.image'],
    ]);
    expect(await events()).toEqual([
      { name: 'config.unhealthy', event_id: `${web1.id}:unhealthy` },
    ]);
  });

  it('an item deleted at the source is soft-deleted with its reason and queues config.deleted', async () => {
    await database.db.pool.query('delete from event_queue');
    const summary = await ingest(
      { items: [pod('web-1', { deletedAt: minutes(40), deleteReason: 'pod deleted' })] },
      minutes(40),
    );
    expect(summary['Kubernetes::Pod']).toMatchObject({ deleted: 1 });
    const web1 = await byName('web-1');
    expect(web1.deleted_at).toEqual(minutes(40));
    expect(web1.delete_reason).toBe('pod deleted');
    expect(await events()).toEqual([{ name: 'config.deleted', event_id: web1.id }]);
  });

  it('a soft-deleted item scraped again comes back as created, its parent found in the database', async () => {
    await database.db.pool.query('delete from event_queue');
    const summary = await ingest({ items: [pod('web-1')] }, minutes(50));
    expect(summary['Kubernetes::Pod']).toMatchObject({ added: 1, updated: 0 });
    const web1 = await byName('web-1');
    const ns = await byName('default');
    const cluster = await byName('prod');
    expect(web1).toMatchObject({
      deleted_at: null,
      delete_reason: null,
      parent_id: ns.id,
      path: `${cluster.id}.${ns.id}`,
    });
    expect(await events()).toEqual([{ name: 'config.created', event_id: web1.id }]);
  });
});
