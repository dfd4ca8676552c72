import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../src/platform/db.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase {
  readonly db: Database;
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a clone of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `vigil_test_${inject('templateDatabase').replace('vigil_template_', '')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);
  const url = withDatabase(adminUrl, name);
  const db = createDatabase(url, 10);
  return {
    db,
    url,
    name,
    async drop() {
      await db.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
