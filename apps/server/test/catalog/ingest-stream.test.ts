import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestScrapeResult, type IngestInput } from '../../src/modules/catalog/ingest/ingest.ts';
import type { ScrapedItem } from '../../src/modules/catalog/scrapers/scrape-result.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  clusterItem,
  configEnqueue,
  createScraper,
  localAgent,
  namespaceItem,
  pod,
  rows,
} from './ingest-harness.ts';

let database: TestDatabase;
const enqueue = configEnqueue();
const t0 = new Date('2026-11-27T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function* stream(items: readonly ScrapedItem[]): AsyncGenerator<ScrapedItem> {
  for (const item of items) yield item;
}

const ingest = (scraperId: string, items: IngestInput['items'], now = t0) =>
  ingestScrapeResult(
    database.db,
    { id: scraperId, agentId: localAgent },
    { items, changes: [], analysis: [], relationships: [], errors: [] },
    { full: false, now, enqueue, batchSize: 1 },
  );

const itemRow = z.object({
  name: z.string(),
  namespace: z.string().nullable(),
  external_id: z.array(z.string()),
  parent: z.string().nullable(),
  depth: z.number(),
  labels: z.unknown(),
  tags: z.unknown(),
  properties: z.unknown(),
  config: z.unknown(),
  description: z.string().nullable(),
  config_hash: z.string(),
});
/** The items of one scraper, with the parent's name and the depth of the path. */
const stored = (scraperId: string) =>
  rows(
    database.db,
    itemRow,
    `select ci.name, ci.namespace, ci.external_id, p.name as parent,
            coalesce(array_length(string_to_array(ci.path, '.'), 1), 0)::int as depth,
            ci.labels, ci.tags, ci.properties, ci.config, ci.description, ci.config_hash
       from config_items ci left join config_items p on p.id = ci.parent_id
      where ci.scraper_id = $1 order by ci.name`,
    [scraperId],
  );

// Every character COPY's text format escapes, JSON escapes, quotes and non-ASCII text.
const awkward = 'tab\there, new\nline, cr\r, back\\slash, "quoted", {braces}, ünïcode ✓';

describe('ingest of a streamed scrape', () => {
  it('stores a children-first stream with its parents, paths and every value intact', async () => {
    const items = [
      pod('web-1'),
      pod('web-0', {
        aliases: ['10.0.0.5', awkward],
        description: awkward,
        labels: { [awkward]: awkward },
        tags: { cluster: 'prod' },
        properties: [{ name: 'p', value: awkward }],
        config: { text: awkward, nested: { list: [awkward, null, 1.5, true] } },
      }),
      namespaceItem,
      clusterItem,
    ];
    const fromStream = await createScraper(database.db, 'stream');
    // Batches of one item: every child arrives before its parent and is held back.
    const summary = await ingest(fromStream, stream(items));
    expect(summary['Kubernetes::Pod']).toMatchObject({ added: 2 });
    expect(summary['Kubernetes::Cluster']).toMatchObject({ added: 1 });
    const s = await stored(fromStream);
    expect(s.map((row) => [row.name, row.parent, row.depth])).toEqual([
      ['default', 'prod', 1],
      ['prod', null, 0],
      ['web-0', 'default', 2],
      ['web-1', 'default', 2],
    ]);
    expect(s.find((row) => row.name === 'web-0')).toMatchObject({
      parent: 'default',
      depth: 2,
      external_id: ['uid-web-0', '10.0.0.5', awkward],
      description: awkward,
      labels: { [awkward]: awkward },
      properties: [{ name: 'p', value: awkward }],
      config: { text: awkward, nested: { list: [awkward, null, 1.5, true] } },
    });
    // A stream rescrape of the same items matches them by hash: nothing is rewritten.
    const again = await ingest(fromStream, stream(items), new Date(t0.getTime() + 60_000));
    expect(again['Kubernetes::Pod']).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });
});
