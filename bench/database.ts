import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/migrations.ts';

export interface BenchDatabase {
  /** Where the benchmark's own database lives, e.g. postgres://…/vigil_bench_123. */
  readonly url: string;
  readonly source: 'embedded' | 'DATABASE_URL';
  readonly serverVersion: string;
  drop(): Promise<void>;
}

/**
 * DATABASE_URL when set, else an embedded PostgreSQL in a fresh temp dir. Either way the
 * benchmark creates its own database, migrates it, and drops it (and the temp dir) at the end.
 */
export async function createBenchDatabase(log: Logger): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  let tempDir: string | undefined;
  let stopEmbedded = async (): Promise<void> => undefined;
  let adminUrl: string;
  if (given) {
    adminUrl = given;
  } else {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-'));
    await fs.chmod(tempDir, 0o755);
    const embedded = await startEmbeddedPostgres(tempDir, log);
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const name = `vigil_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const version = await admin.query<{ server_version: string }>('show server_version');
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await runMigrations(pool, log);
  } finally {
    await pool.end();
  }
  return {
    url,
    source: given ? 'DATABASE_URL' : 'embedded',
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      } finally {
        await stopEmbedded();
        if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
