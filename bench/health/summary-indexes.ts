import type pg from 'pg';

interface Saved {
  readonly table: string;
  /** Statements that recreate the table's primary key and indexes exactly as migrated. */
  readonly recreate: string[];
}

/**
 * Runs a bulk load with the rollup tables' indexes dropped, then recreates them from their
 * own catalogued definitions. Rows arrive in time order, so each of 10.8M index entries
 * would otherwise land on a random leaf of a 7 GB table's primary key.
 */
export async function withoutIndexes<T>(
  db: pg.Pool,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const saved: Saved[] = [];
  for (const table of tables) saved.push(await dropIndexes(db, table));
  const result = await load();
  for (const { recreate } of saved) {
    for (const statement of recreate) await db.query(statement);
  }
  return result;
}

async function dropIndexes(db: pg.Pool, table: string): Promise<Saved> {
  const keys = await db.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = $1::regclass and contype = 'p'`,
    [table],
  );
  const indexes = await db.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = $1::regclass and not x.indisprimary`,
    [table],
  );
  const recreate: string[] = [];
  for (const key of keys.rows) {
    await db.query(`alter table ${table} drop constraint ${key.name}`);
    recreate.push(`alter table ${table} add constraint ${key.name} ${key.definition}`);
  }
  for (const index of indexes.rows) {
    await db.query(`drop index ${index.name}`);
    recreate.push(index.definition);
  }
  return { table, recreate };
}
