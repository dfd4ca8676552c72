import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres.ts';

export const benchDatabaseName = 'vigil_bench_health';
const machinePostgres = 'postgres://postgres@127.0.0.1:5432/postgres';
const lockKey = 0x76_62_68_73;

export interface HealthBenchDatabase {
  /** The fresh bench database; the server migrates it on start. */
  readonly url: string;
  readonly source: 'machine' | 'embedded';
  readonly serverVersion: string;
  drop(): Promise<void>;
}

/**
 * A fresh `vigil_bench_health` on the machine's PostgreSQL (or DATABASE_URL's server), or on
 * an embedded server in a temp dir when asked; dropped (and the temp dir removed) at the end.
 */
export async function createHealthBenchDatabase(embedded: boolean): Promise<HealthBenchDatabase> {
  let adminUrl = process.env.DATABASE_URL ?? machinePostgres;
  let stopEmbedded = async (): Promise<void> => undefined;
  let tempDir: string | undefined;
  if (embedded) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-health-pg-'));
    await fs.chmod(tempDir, 0o755);
    const server = await startEmbeddedPostgres(tempDir, pino({ level: 'warn' }));
    adminUrl = server.url;
    stopEmbedded = () => server.stop();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  admin.on('error', () => undefined);
  // Two runs at once would drop each other's database: the second one stops here instead.
  const lock = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
    lockKey,
  ]);
  if (lock.rows[0]?.ok !== true) {
    await admin.end();
    await stopEmbedded();
    throw new Error('another health scheduler benchmark is running on this PostgreSQL');
  }
  await admin.query(`drop database if exists ${benchDatabaseName} with (force)`);
  await admin.query(`create database ${benchDatabaseName}`);
  const version = await admin.query<{ server_version: string }>('show server_version');
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabaseName}`;
  return {
    url: url.toString(),
    source: embedded ? 'embedded' : 'machine',
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    async drop() {
      try {
        await admin.query(`drop database if exists ${benchDatabaseName} with (force)`);
        await admin.end();
      } finally {
        await stopEmbedded();
        if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}
