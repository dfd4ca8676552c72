import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../../platform/db.ts';

/**
 * COPYs lines (copy-text.ts) into a session temp table of the ingest, created on first use and
 * emptied at every commit, so that it only ever holds the current transaction's batch.
 * `definition` is the table's column list; `columns` the COPY column order.
 */
export async function copyIntoStage(
  client: Queryable,
  table: string,
  definition: string,
  columns: readonly string[],
  lines: readonly string[],
): Promise<void> {
  await client.query(
    `create temp table if not exists ${table} (${definition}) on commit delete rows`,
  );
  // Empty already after a commit; a second stage within one transaction starts clean too.
  await client.query(`delete from ${table}`);
  if (lines.length === 0) return;
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  // One chunk per batch: a stream chunk per line cost more in stream machinery than the COPY.
  await pipeline(Readable.from([lines.join('')]), stream);
}
