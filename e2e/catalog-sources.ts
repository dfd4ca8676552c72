import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { z } from 'zod';
import { expect } from './fixtures.ts';

/** The machine's PostgreSQL that the SQL scraper reads (trust auth; CI has the same one). */
export const sourceDatabaseUrl =
  process.env.VIGIL_E2E_SOURCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function ok(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  const text = await answer.text();
  expect(answer.status(), text).toBeLessThan(300);
  return text === '' ? undefined : JSON.parse(text);
}

const created = z.array(z.object({ id: z.string() })).length(1);

/** Creates a scraper through the data API, as the integrations page does; answers its id. */
export async function createScraper(
  api: APIRequestContext,
  name: string,
  spec: Record<string, unknown>,
): Promise<string> {
  const answer = await api.post('/api/db/config_scrapers?select=id', {
    headers: { Prefer: 'return=representation' },
    data: { name, namespace: 'e2e', spec: { schedule: '@every 24h', ...spec } },
  });
  return created.parse(await ok(answer))[0]?.id ?? '';
}

const scrapeRun = z.object({
  status: z.string(),
  errors: z.array(z.string()),
  scrape_summary: z.record(z.string(), z.object({ added: z.number(), updated: z.number() })),
});

/** Scrapes now (the API behind the scraper page's Run now); fails on any scrape error. */
export async function runScraper(api: APIRequestContext, scraperId: string) {
  const run = scrapeRun.parse(await ok(await api.post(`/api/catalog/scrapers/${scraperId}/run`)));
  expect(run.errors).toEqual([]);
  expect(run.status).toBe('SUCCESS');
  return run.scrape_summary;
}

/** One file of the scraped folder; YAML is a superset of JSON, so .yaml files are JSON too. */
export async function writeDocument(dir: string, file: string, document: unknown): Promise<void> {
  await fs.writeFile(path.join(dir, file), `${JSON.stringify(document, null, 2)}\n`);
}

async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: sourceDatabaseUrl });
  await client.connect();
  await client.query(text, values).finally(() => client.end());
}

export interface SourceRow {
  id: string;
  name: string;
  engine: string;
  size_mb: number;
}

/** A table of this run's own (its name unique) for the SQL scraper to read. */
export async function createSourceTable(table: string, rows: readonly SourceRow[]) {
  await sql(`create table ${table} (id text primary key, name text, engine text, size_mb int)`);
  for (const row of rows) {
    await sql(`insert into ${table} values ($1, $2, $3, $4)`, [
      row.id,
      row.name,
      row.engine,
      row.size_mb,
    ]);
  }
}

export async function dropSourceTable(table: string): Promise<void> {
  await sql(`drop table if exists ${table}`);
}

/**
 * Leaves nothing of this spec in the shared server's lists: its scrapers and the items they
 * found are soft-deleted (Hide Deleted, on by default, hides them).
 */
export async function removeScraped(
  api: APIRequestContext,
  scraperNames: readonly string[],
  types: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const name of scraperNames) {
    await ok(
      await api.patch(`/api/db/config_scrapers?name=eq.${encodeURIComponent(name)}`, {
        data: { deleted_at: now },
      }),
    );
  }
  const typeList = types.map((type) => `"${type}"`).join(',');
  await ok(
    await api.patch(`/api/db/config_items?type=in.(${encodeURIComponent(typeList)})`, {
      data: { deleted_at: now },
    }),
  );
}
