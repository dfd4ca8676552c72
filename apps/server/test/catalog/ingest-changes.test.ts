import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestScrapeResult } from '../../src/modules/catalog/ingest/ingest.ts';
import type { ScrapedChange } from '../../src/modules/catalog/scrapers/scrape-result.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { configEnqueue, createScraper, localAgent, pod, result, rows } from './ingest-harness.ts';

let database: TestDatabase;
let scraperId: string;
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
    enqueue: configEnqueue(),
  });

const idOf = async (name: string) => {
  const [row] = await rows(
    database.db,
    z.object({ id: z.string() }),
    'select id from config_items where name = $1',
    [name],
  );
  if (!row) throw new Error(`no item ${name}`);
  return row.id;
};
const changeRow = z.object({
  change_type: z.string(),
  count: z.number(),
  first_observed: z.date(),
  created_at: z.date(),
  external_change_id: z.string().nullable(),
});
const changesOf = async (name: string) =>
  rows(
    database.db,
    changeRow,
    'select * from config_changes where config_id = $1 order by first_observed',
    [await idOf(name)],
  );

/** A Kubernetes BackOff event of a pod: uid and times differ on every report. */
function backOff(podName: string, at: Date, uid: string): ScrapedChange {
  return {
    config: { type: 'Kubernetes::Pod', externalId: `uid-${podName}` },
    externalChangeId: uid,
    changeType: 'BackOff',
    severity: 'medium',
    source: 'kubernetes/event',
    summary: `Back-off restarting failed container (${at.toISOString()})`,
    details: {
      metadata: { uid, resourceVersion: String(at.getTime()) },
      lastTimestamp: at.toISOString(),
    },
    createdAt: at,
  };
}

describe('event changes', () => {
  it('repeats within an hour count up one change and keep first_observed', async () => {
    await ingest({ items: [pod('api-0')], changes: [backOff('api-0', t0, 'e1')] }, t0);
    await ingest(
      { changes: [backOff('api-0', minutes(20), 'e2'), backOff('api-0', minutes(40), 'e3')] },
      minutes(40),
    );
    const [change, ...rest] = await changesOf('api-0');
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      change_type: 'BackOff',
      count: 3,
      first_observed: t0,
      created_at: minutes(40),
    });
  });

  it('a repeat after more than an hour is a new change', async () => {
    await ingest({ changes: [backOff('api-0', minutes(140), 'e4')] }, minutes(140));
    expect((await changesOf('api-0')).map((c) => c.count)).toEqual([3, 1]);
  });

  it('a change reported again with the same external id is dropped', async () => {
    const summary = await ingest({ changes: [backOff('api-0', minutes(140), 'e4')] }, minutes(150));
    expect(summary).toEqual({});
    expect((await changesOf('api-0')).map((c) => c.count)).toEqual([3, 1]);
  });

  it('changes of an item not scraped yet wait as orphans and attach when it appears', async () => {
    await ingest(
      { changes: [backOff('late-0', t0, 'o1'), backOff('late-0', minutes(5), 'o2')] },
      minutes(5),
    );
    const orphans = await rows(
      database.db,
      z.object({ config_type: z.string(), external_id: z.string(), count: z.number() }),
      'select * from config_change_orphans',
    );
    expect(orphans).toEqual([
      { config_type: 'Kubernetes::Pod', external_id: 'uid-late-0', count: 2 },
    ]);

    const summary = await ingest({ items: [pod('late-0')] }, minutes(10));
    expect(summary['Kubernetes::Pod']).toMatchObject({ added: 1, changes: 1 });
    expect(await changesOf('late-0')).toEqual([
      expect.objectContaining({
        change_type: 'BackOff',
        count: 2,
        first_observed: t0,
        external_change_id: 'o1',
      }),
    ]);
    expect(await rows(database.db, z.object({}), 'select * from config_change_orphans')).toEqual(
      [],
    );
  });
});

describe('analysis and relationships', () => {
  it('upserts insights by (item, analyzer), keeping first_observed and a silenced status', async () => {
    const finding = {
      config: { type: 'Kubernetes::Pod', externalId: 'uid-api-0' },
      analyzer: 'privileged-container',
      analysisType: 'security' as const,
      severity: 'high' as const,
      message: 'x'.repeat(600),
    };
    await ingest({ analysis: [finding] }, t0);
    await database.db.pool.query(`update config_analysis set status = 'silenced'`);
    await ingest({ analysis: [{ ...finding, severity: 'critical' }] }, minutes(30));
    const stored = await rows(
      database.db,
      z.object({
        analyzer: z.string(),
        severity: z.string(),
        status: z.string(),
        message: z.string(),
        first_observed: z.date(),
        last_observed: z.date(),
        scraper_id: z.string(),
      }),
      'select * from config_analysis',
    );
    expect(stored).toEqual([
      {
        analyzer: 'privileged-container',
        severity: 'critical',
        status: 'silenced',
        message: 'x'.repeat(500),
        first_observed: t0,
        last_observed: minutes(30),
        scraper_id: scraperId,
      },
    ]);
  });

  it('stores scraped relationships and alias relationships under selectors naming the scraper', async () => {
    await ingest(
      {
        items: [
          pod('api-1'),
          {
            externalId: 'i-0abc',
            aliases: ['uid-api-1'],
            type: 'AWS::EC2::Instance',
            configClass: 'Instance',
            name: 'node-api-1',
            config: { instanceId: 'i-0abc' },
          },
        ],
        relationships: [
          {
            config: { type: 'Kubernetes::Pod', externalId: 'uid-api-0' },
            related: { type: 'Kubernetes::Pod', externalId: 'uid-api-1' },
            relation: 'PodPod',
          },
          {
            config: { type: 'Kubernetes::Pod', externalId: 'uid-api-0' },
            related: { type: 'Kubernetes::Pod', externalId: 'uid-missing' },
          },
        ],
      },
      t0,
    );
    const links = await rows(
      database.db,
      z.object({
        from: z.string(),
        to: z.string(),
        relation: z.string().nullable(),
        selector_id: z.string(),
      }),
      `select a.name as from, b.name as to, r.relation, r.selector_id
         from config_relationships r
         join config_items a on a.id = r.config_id join config_items b on b.id = r.related_id
        order by r.selector_id, a.name`,
    );
    expect(links).toEqual([
      { from: 'api-0', to: 'api-1', relation: 'PodPod', selector_id: `scraper:${scraperId}` },
      {
        from: 'api-1',
        to: 'node-api-1',
        relation: 'alias',
        selector_id: `scraper:${scraperId}:alias`,
      },
      {
        from: 'node-api-1',
        to: 'api-1',
        relation: 'alias',
        selector_id: `scraper:${scraperId}:alias`,
      },
    ]);
  });
});
