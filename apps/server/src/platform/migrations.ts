import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { migrationsDir } from './paths.ts';

export const defaultMigrationsDir = migrationsDir;

/** One key for every replica: whoever holds it migrates, the others wait and then find nothing to do. */
const migrationLockKey = 7_361_004_221;

export class MigrationError extends Error {}

interface MigrationFile {
  readonly version: string;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export async function runMigrations(
  pool: pg.Pool,
  log: Logger,
  dir: string = defaultMigrationsDir,
): Promise<string[]> {
  const files = await readMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await client.query(`create table if not exists schema_migrations (
      version text primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`);
    const applied = await appliedChecksums(client);
    const done: string[] = [];
    for (const file of files) {
      const checksum = applied.get(file.version);
      if (checksum !== undefined) {
        if (checksum !== file.checksum) {
          throw new MigrationError(`migration ${file.name} was changed after it was applied`);
        }
        continue;
      }
      await applyOne(client, file);
      log.info({ migration: file.name }, 'applied migration');
      done.push(file.name);
    }
    return done;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
}

async function applyOne(client: pg.PoolClient, file: MigrationFile): Promise<void> {
  try {
    await client.query('begin');
    await client.query(file.sql);
    await client.query(
      'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
      [file.version, file.name, file.checksum],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${file.name} failed: ${reason}`, { cause: error });
  }
}

async function appliedChecksums(client: pg.PoolClient): Promise<Map<string, string>> {
  const result = await client.query<{ version: string; checksum: string }>(
    'select version, checksum from schema_migrations',
  );
  return new Map(result.rows.map((row) => [row.version, row.checksum]));
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const match = /^(\d{4})_[a-z0-9_]+\.sql$/.exec(name);
    if (!match?.[1]) throw new MigrationError(`migration file ${name} must be named NNNN_name.sql`);
    const sql = await fs.readFile(path.join(dir, name), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    files.push({ version: match[1], name, sql, checksum });
  }
  const versions = new Set(files.map((file) => file.version));
  if (versions.size !== files.length) throw new MigrationError('two migrations share a number');
  return files;
}
