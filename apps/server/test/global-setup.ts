import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { runMigrations } from '../src/platform/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL when set, else an embedded one in a temp dir.
 * Migrations run once into a template; each test file clones it (see test/database.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-test-'));
    await fs.chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(tempDir, log);
    adminUrl = embedded.url;
  }
  const template = `vigil_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 2 });
  await runMigrations(pool, log);
  await pool.end();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`vigil_test_${process.pid}_%`, template],
    );
    for (const row of leftovers.rows)
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
