import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** An arbitrary, fixed key ('irul'). */
const lockKey = 0x69_72_75_6c;

export async function tryRulesLock(client: Queryable): Promise<boolean> {
  const found = await client.query('select pg_try_advisory_lock($1) as ok', [lockKey]);
  return z.object({ ok: z.boolean() }).parse(found.rows[0]).ok;
}

export async function unlockRules(client: Queryable): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [lockKey]);
}
