import type { Database, Queryable } from '../../../platform/db.ts';

/**
 * Repeats a batch step until it touches fewer rows than a batch. Each step is its own
 * transaction, so that retention never holds locks over a whole estate.
 */
export async function inBatches(
  db: Database,
  batch: number,
  step: (client: Queryable) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const touched = await db.transaction(step);
    total += touched;
    if (touched < batch) return total;
  }
}
