import type { ConfigRef } from '../scrapers/scrape-result.ts';
import type { IngestRun, KnownItem } from './ingest-run.ts';
import { itemKey } from './item-rows.ts';
import { findItems } from './items.repository.ts';

/** Refs per lookup statement. */
const lookupChunk = 2000;

/**
 * Resolves references to items: from this ingest's items first, the rest from the database
 * (live items of the agent). Answers by itemKey; refs to no stored item are absent.
 */
export async function resolveRefs(
  run: IngestRun,
  refs: readonly ConfigRef[],
): Promise<Map<string, KnownItem>> {
  const found = new Map<string, KnownItem>();
  const missing = new Map<string, ConfigRef>();
  for (const ref of refs) {
    const key = itemKey(ref.type, ref.externalId);
    const known = run.known.get(key);
    if (known) found.set(key, known);
    else missing.set(key, ref);
  }
  const wanted = [...missing.values()];
  for (let start = 0; start < wanted.length; start += lookupChunk) {
    const chunk = wanted.slice(start, start + lookupChunk);
    const rows = await findItems(
      run.db.pool,
      run.agentId,
      [...new Set(chunk.map((ref) => ref.type))],
      [...new Set(chunk.map((ref) => ref.externalId))],
    );
    for (const row of rows) {
      if (row.deleted) continue;
      for (const id of row.external_id ?? []) {
        const key = itemKey(row.type, id);
        if (missing.has(key)) found.set(key, { id: row.id, type: row.type, path: row.path });
      }
    }
  }
  return found;
}
