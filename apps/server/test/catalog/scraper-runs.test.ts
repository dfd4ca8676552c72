import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { IngestScrapeResult } from '../../src/modules/catalog/scrape-job.ts';
import type { ScrapeResult } from '../../src/modules/catalog/scrapers/scrape-result.ts';
import {
  runScraper,
  type ScraperRunDeps,
} from '../../src/modules/catalog/scraper-runs/scraper-run.service.ts';
import { createScraperScheduler } from '../../src/modules/catalog/scraper-runs/scraper-scheduler.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { call, eventually, startTestApp } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';

let database: TestDatabase;
let dir = '';

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-scrape-runs-'));
  await fs.writeFile(path.join(dir, 'cars.json'), JSON.stringify([{ reg: 'A1' }, { reg: 'B2' }]));
  await fs.writeFile(path.join(dir, 'broken.json'), '[{"reg": ');
});

afterAll(async () => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A test double of ingest/ingest.ts that records what it was given. */
function recordingIngest(delayMs = 0) {
  const calls: ScrapeResult[] = [];
  let active = 0;
  let maxActive = 0;
  const ingest: IngestScrapeResult = async (_db, _scraper, result) => {
    active += 1;
    maxActive = Math.max(maxActive, active);
    calls.push(result);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    active -= 1;
    return {
      Car: {
        added: result.items.length,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        changes: 0,
        errors: 0,
      },
    };
  };
  return { ingest, calls, maxActive: () => maxActive };
}

function deps(ingest: IngestScrapeResult): ScraperRunDeps {
  return {
    db: database.db,
    log: pino({ level: 'silent' }),
    connections: async () => {
      throw new Error('no connections in this test');
    },
    values: async () => undefined,
    ingest,
    baseDir: dir,
  };
}

async function scraper(
  name: string,
  spec: unknown,
  nextRuntime: Date | null = null,
): Promise<string> {
  const { rows } = await database.db.pool.query<{ id: string }>(
    `insert into config_scrapers (name, spec, schedule, next_runtime) values ($1, $2, '@every 1h', $3) returning id`,
    [name, spec, nextRuntime],
  );
  return rows[0]?.id ?? '';
}

const jobRow = z.object({
  status: z.string(),
  details: z
    .object({ scrape_summary: z.unknown(), errors: z.array(z.string()).optional() })
    .nullable(),
});
async function jobs(id: string) {
  const { rows } = await database.db.pool.query(
    `select status, details from job_history where resource_type = 'config_scraper' and resource_id = $1 order by time_start`,
    [id],
  );
  return z.array(jobRow).parse(rows);
}

describe('a scraper run', () => {
  it('ingests a complete result and records its scrape_summary in job history', async () => {
    const double = recordingIngest();
    const id = await scraper('cars', {
      file: [{ type: 'Car', id: '$.reg', paths: ['cars.json'] }],
    });
    const outcome = await runScraper(deps(double.ingest), id);
    expect(outcome).toMatchObject({ status: 'SUCCESS', errors: [] });
    expect(double.calls[0]?.items.map((i) => i.externalId)).toEqual(['A1', 'B2']);
    expect(await jobs(id)).toEqual([
      {
        status: 'SUCCESS',
        details: {
          scrape_summary: {
            Car: { added: 2, updated: 0, unchanged: 0, deleted: 0, changes: 0, errors: 0 },
          },
        },
      },
    ]);
    const { rows } = await database.db.pool.query(
      'select last_runtime from config_scrapers where id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ last_runtime: expect.any(Date) });
  });

  it('fails on a broken source with a clear error, and never ingests a partial result', async () => {
    const double = recordingIngest();
    const id = await scraper('partial', {
      file: [
        { type: 'Car', id: '$.reg', paths: ['cars.json'] },
        { type: 'Car', id: '$.reg', paths: ['broken.json'] },
      ],
    });
    const outcome = await runScraper(deps(double.ingest), id);
    expect(outcome.status).toBe('FAILED');
    expect(double.calls).toEqual([]);
    const [job] = await jobs(id);
    expect(job?.status).toBe('FAILED');
    expect(job?.details?.errors).toEqual([
      expect.stringContaining('spec.file[1] (file): broken.json is not valid JSON'),
    ]);
  });

  it('fails a run that outlives its spec timeout', async () => {
    const double = recordingIngest();
    const id = await scraper('slow', {
      timeout: '200ms',
      exec: [{ type: 'T', id: 'x', script: 'sleep 5; echo "{}"' }],
    });
    const outcome = await runScraper(deps(double.ingest), id);
    expect(outcome).toMatchObject({
      status: 'FAILED',
      errors: ['spec.exec[0] (exec): timed out after 200ms'],
    });
    expect(double.calls).toEqual([]);
  });

  it('never overlaps a run of the same scraper', async () => {
    const double = recordingIngest(500);
    const id = await scraper('overlap', {
      file: [{ type: 'Car', id: '$.reg', paths: ['cars.json'] }],
    });
    const [first, second] = await Promise.all([
      runScraper(deps(double.ingest), id),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        runScraper(deps(double.ingest), id),
      ),
    ]);
    expect(first.status).toBe('SUCCESS');
    expect(second).toEqual({ status: 'RUNNING' });
    expect(double.calls).toHaveLength(1);
  });

  it('runs a due scraper once per slot from the scheduler, even with two replicas', async () => {
    const double = recordingIngest(200);
    const id = await scraper(
      'scheduled',
      { file: [{ type: 'Car', id: '$.reg', paths: ['cars.json'] }] },
      new Date(Date.now() - 1000),
    );
    const replicas = [
      createScraperScheduler(deps(double.ingest), { tickMs: 50 }),
      createScraperScheduler(deps(double.ingest), { tickMs: 50 }),
    ];
    for (const replica of replicas) replica.start();
    try {
      await eventually(
        async () => ((await jobs(id)).some((j) => j.status === 'SUCCESS') ? true : undefined),
        10_000,
        'a scheduled run',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const replica of replicas) await replica.stop();
    }
    expect(await jobs(id)).toHaveLength(1);
    expect(double.maxActive()).toBe(1);
    const { rows } = await database.db.pool.query<{ next_runtime: Date }>(
      'select next_runtime from config_scrapers where id = $1',
      [id],
    );
    expect(rows[0]?.next_runtime.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});

describe('POST /api/catalog/scrapers/{id}/run', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a viewer and anonymous callers, and a bad id', async () => {
    const id = '00000000-0000-0000-0000-00000000abcd';
    expect((await call(app, 'POST', `/api/catalog/scrapers/${id}/run`, 'viewer')).status).toBe(403);
    expect((await call(app, 'POST', `/api/catalog/scrapers/${id}/run`, 'responder')).status).toBe(
      403,
    );
    expect((await call(app, 'POST', `/api/catalog/scrapers/${id}/run`, 'anonymous')).status).toBe(
      401,
    );
    const bad = await call(app, 'POST', '/api/catalog/scrapers/not-a-uuid/run', 'editor');
    expect(bad.status).toBe(400);
  });
});
