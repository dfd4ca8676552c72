import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestScrapeResult } from '../../src/modules/catalog/ingest/ingest.ts';
import {
  runScraper,
  type ScraperRunDeps,
} from '../../src/modules/catalog/scraper-runs/scraper-run.service.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';

let database: TestDatabase;
let dir = '';

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-scrape-catalog-'));
});

afterAll(async () => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

function deps(): ScraperRunDeps {
  return {
    db: database.db,
    log: pino({ level: 'silent' }),
    connections: async () => {
      throw new Error('no connections in this test');
    },
    values: async () => undefined,
    ingest: ingestScrapeResult,
    baseDir: dir,
  };
}

async function writeCars(cars: unknown[]): Promise<void> {
  await fs.writeFile(path.join(dir, 'cars.json'), JSON.stringify(cars));
}

async function catalog(scraperId: string) {
  const items = await database.db.pool.query<{ name: string; type: string; config: unknown }>(
    'select name, type, config from config_items where scraper_id = $1 order by name',
    [scraperId],
  );
  const changes = await database.db.pool.query<{ change_type: string; diff: string | null }>(
    `select c.change_type, c.diff from config_changes c
       join config_items i on i.id = c.config_id where i.scraper_id = $1`,
    [scraperId],
  );
  return { items: items.rows, changes: changes.rows };
}

describe('a file scraper run through the real ingest', () => {
  it('stores the items, records a diff when the source changes, and nothing when it does not', async () => {
    await writeCars([
      { reg: 'A1', colour: 'red' },
      { reg: 'B2', colour: 'blue' },
    ]);
    const { rows } = await database.db.pool.query<{ id: string }>(
      `insert into config_scrapers (name, spec, schedule) values ('cars', $1, '@every 1h') returning id`,
      [{ file: [{ type: 'Car', id: '$.reg', name: '$.reg', paths: ['cars.json'] }] }],
    );
    const id = rows[0]?.id ?? '';

    expect(await runScraper(deps(), id)).toMatchObject({ status: 'SUCCESS' });
    const first = await catalog(id);
    expect(first.items.map((item) => [item.name, item.type])).toEqual([
      ['A1', 'Car'],
      ['B2', 'Car'],
    ]);
    expect(first.changes).toEqual([]);

    await writeCars([
      { reg: 'A1', colour: 'green' },
      { reg: 'B2', colour: 'blue' },
    ]);
    expect(await runScraper(deps(), id)).toMatchObject({ status: 'SUCCESS' });
    const second = await catalog(id);
    expect(second.changes).toHaveLength(1);
    expect(second.changes[0]?.change_type).toBe('diff');
    expect(second.changes[0]?.diff).toMatch(/-.*"red"[\s\S]*\+.*"green"/);

    expect(await runScraper(deps(), id)).toMatchObject({ status: 'SUCCESS' });
    expect((await catalog(id)).changes).toHaveLength(1);
  });
});
