import { z } from 'zod';
import { defaultRetention } from '../../apps/server/src/modules/health/history/retention.ts';
import { summarise } from '../../apps/server/src/modules/health/history/summary.service.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { windowOf } from './summary-ranges.ts';

export interface Explained {
  readonly range: string;
  readonly sql: string;
  readonly plan: string;
  readonly executionMs: number;
}

interface Captured {
  readonly text: string;
  readonly values: readonly unknown[];
}

/**
 * Runs summarise() once on a pool that records its statement, then EXPLAIN (ANALYZE,
 * BUFFERS) of exactly that statement with the same values.
 */
export async function explainRange(db: Database, range: string): Promise<Explained> {
  const captured: Captured[] = [];
  const pool = new Proxy(db.pool, {
    get(target, property) {
      if (property !== 'query') {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const bound: unknown = value.bind(target);
        return bound;
      }
      return async (text: unknown, values: unknown) => {
        if (typeof text !== 'string') throw new Error('bench: expected a query text');
        const list = z.array(z.unknown()).parse(values ?? []);
        captured.push({ text, values: list });
        return target.query(text, list);
      };
    },
  });
  await summarise({ ...db, pool }, windowOf(range), Date.now(), defaultRetention);
  const statement = captured[0];
  if (!statement) throw new Error(`bench: summarise(${range}) ran no query`);
  const result = await db.pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    [...statement.values],
  );
  const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  return { range, sql: statement.text, plan, executionMs };
}
