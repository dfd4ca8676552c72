import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { MigrationError, readMigrations, runMigrations } from './migrations.ts';

const log = pino({ level: 'silent' });
let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-migrations-'));
});
afterAll(async () => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('runMigrations', () => {
  it('has applied every migration file to the template, once', async () => {
    const files = await readMigrations(path.join(import.meta.dirname, '../migrations'));
    const applied = await database.db.pool.query<{ name: string }>(
      'select name from schema_migrations order by version',
    );
    expect(applied.rows.map((row) => row.name)).toEqual(files.map((file) => file.name));
    expect(await runMigrations(database.db.pool, log)).toEqual([]);
  });

  it('lets two replicas start together without racing', async () => {
    await fs.writeFile(
      path.join(dir, '9100_race_table.sql'),
      'create table race_table (id int primary key);',
    );
    const results = await Promise.all([
      runMigrations(database.db.pool, log, dir),
      runMigrations(database.db.pool, log, dir),
    ]);
    expect(results.flat()).toEqual(['9100_race_table.sql']);
  });

  it('rolls back a failing migration and records nothing of it', async () => {
    await fs.writeFile(
      path.join(dir, '9101_broken.sql'),
      'create table half_done (id int); select no_such_function();',
    );
    await expect(runMigrations(database.db.pool, log, dir)).rejects.toThrow(
      /9101_broken.sql failed/,
    );
    const table = await database.db.pool.query("select to_regclass('half_done') as found");
    expect(table.rows[0]).toEqual({ found: null });
    await fs.rm(path.join(dir, '9101_broken.sql'));
  });

  it('refuses a migration that changed after it was applied', async () => {
    await fs.writeFile(
      path.join(dir, '9100_race_table.sql'),
      'create table race_table (id bigint primary key);',
    );
    await expect(runMigrations(database.db.pool, log, dir)).rejects.toThrow(MigrationError);
  });

  it('refuses badly named files', async () => {
    await fs.writeFile(path.join(dir, 'oops.sql'), 'select 1;');
    await expect(readMigrations(dir)).rejects.toThrow(/must be named NNNN_name.sql/);
  });
});
