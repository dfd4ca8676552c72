import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { ingestScrapeResult } from '../../src/modules/catalog/ingest/ingest.ts';
import {
  runScraper,
  type ScraperRunDeps,
} from '../../src/modules/catalog/scraper-runs/scraper-run.service.ts';
import type { OpenedConnection } from '../../src/modules/connections/connection-resolver.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import type { TestDatabase } from '../database.ts';

/**
 * Runs stored scrapers end to end (scrape, real ingest, job history) with the given
 * connections and a secrets directory laid out as Kubernetes mounts Secrets.
 */
export async function scrapeRunHarness(
  database: TestDatabase,
  connections: Record<string, OpenedConnection>,
) {
  const secretsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-scrape-secrets-'));
  const deps: ScraperRunDeps = {
    db: database.db,
    log: pino({ level: 'silent' }),
    connections: async (ref) => {
      const found = connections[ref];
      if (!found) throw new Error(`connection ${ref} was not found`);
      return found;
    },
    values: createValueResolver(secretsDir),
    ingest: ingestScrapeResult,
  };
  return {
    async secret(name: string, key: string, value: string) {
      await fs.mkdir(path.join(secretsDir, name), { recursive: true });
      await fs.writeFile(path.join(secretsDir, name, key), value);
    },
    async scraper(name: string, spec: unknown): Promise<string> {
      const { rows } = await database.db.pool.query<{ id: string }>(
        `insert into config_scrapers (name, spec, schedule) values ($1, $2, '@every 1h') returning id`,
        [name, spec],
      );
      return rows[0]?.id ?? '';
    },
    run: (id: string) => runScraper(deps, id),
    async lastJob(id: string) {
      const { rows } = await database.db.pool.query(
        `select status, details from job_history where resource_type = 'config_scraper'
           and resource_id = $1 order by time_start desc limit 1`,
        [id],
      );
      return z
        .object({ status: z.string(), details: z.record(z.string(), z.unknown()).nullable() })
        .parse(rows[0]);
    },
    async items(id: string) {
      const { rows } = await database.db.pool.query<{
        id: string;
        name: string;
        type: string;
        health: string | null;
        status: string | null;
        config: unknown;
      }>(
        `select id, name, type, health, status, config from config_items
           where scraper_id = $1 and deleted_at is null order by name`,
        [id],
      );
      return rows;
    },
    async changes(id: string) {
      const { rows } = await database.db.pool.query<{
        change_type: string;
        severity: string | null;
        summary: string | null;
        external_change_id: string | null;
      }>(
        `select c.change_type, c.severity, c.summary, c.external_change_id from config_changes c
           join config_items i on i.id = c.config_id where i.scraper_id = $1 order by c.created_at`,
        [id],
      );
      return rows;
    },
    close: () => fs.rm(secretsDir, { recursive: true, force: true }),
  };
}
