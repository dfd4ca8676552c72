import type { Queryable } from '../../platform/db.ts';

export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
