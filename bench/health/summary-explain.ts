import { z } from 'zod';
import { defaultRetention } from '../../apps/server/src/modules/health/history/retention.ts';
import { SummaryMemo } from '../../apps/server/src/modules/health/history/summary-memo.ts';
import { summariseAll } from '../../apps/server/src/modules/health/history/summary.service.ts';
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
 * Runs summariseAll() once with an empty memo on a pool that records its statements, then
 * EXPLAIN (ANALYZE, BUFFERS) of exactly those statements with the same values.
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
  const memo = new SummaryMemo();
  await summariseAll({ ...db, pool }, windowOf(range), Date.now(), defaultRetention, memo);
  if (captured.length === 0) throw new Error(`bench: summariseAll(${range}) ran no query`);
  const plans: string[] = [];
  let executionMs = 0;
  for (const statement of captured) {
    const result = await db.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      [...statement.values],
    );
    const plan = shortenLists(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    plans.push(plan);
    executionMs += Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  }
  const sql = captured.map((statement) => statement.text).join(';\n\n');
  return { range, sql, plan: plans.join('\n\n'), executionMs };
}

/** The memo's statements bind thousands of ids: the report shows how many, not each one. */
function shortenLists(plan: string): string {
  return plan.replace(/'\{([0-9a-f-]{36}(?:,[0-9a-f-]{36})*)\}'/g, (_all, list: string) => {
    const count = list.split(',').length;
    return count > 3 ? `'{… ${count} ids}'` : `'{${list}}'`;
  });
}
