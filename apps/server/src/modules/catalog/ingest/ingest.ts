import type { Database } from '../../../platform/db.ts';
import type { Enqueue } from '../../events/index.ts';
import type { ScrapeResult, ScrapeSummary } from '../scrapers/scrape-result.ts';
import { ingestAnalysis, ingestChanges, ingestRelationships } from './ingest-extras.ts';
import { ingestItems, itemBatchSize } from './ingest-items.ts';
import type { ScrapedItems } from './item-batches.ts';
import type { IngestRun } from './ingest-run.ts';
import { uuid7 } from './uuid7.ts';

/** A scrape result whose items may also be a stream (item-batches.ts). */
export type IngestInput = Omit<ScrapeResult, 'items'> & { readonly items: ScrapedItems };

export interface IngestOptions {
  /**
   * `full` scrapers carry changes and analysis inside their items; the scraper has already
   * split them into `result.changes` and `result.analysis`, so ingest treats both modes alike.
   */
  full: boolean;
  /** The scrape's time: last_scraped_time, change and insight times. Defaults to now. */
  now?: Date;
  /** The event queue's enqueue(); without it no config.* events are queued. */
  enqueue?: Enqueue;
  /** Items per batch (one transaction each); defaults to itemBatchSize. */
  batchSize?: number;
}

/**
 * Stores one scrape's result (docs/catalog-ingest.md): items first (parents before children,
 * in batches of one transaction each), then event changes, insights and relationships, which
 * resolve their items through what the item stage saw. Answers what it did, per item type.
 */
export async function ingestScrapeResult(
  db: Database,
  scraper: { id: string; agentId: string },
  result: IngestInput,
  options: IngestOptions,
): Promise<ScrapeSummary> {
  const run: IngestRun = {
    db,
    scraperId: scraper.id,
    agentId: scraper.agentId,
    now: options.now ?? new Date(),
    enqueue: options.enqueue,
    known: new Map(),
    summary: {},
  };
  await ingestItems(run, result.items, () => uuid7(), options.batchSize ?? itemBatchSize);
  await ingestChanges(run, result.changes);
  await ingestAnalysis(run, result.analysis);
  await ingestRelationships(run, result.relationships);
  return run.summary;
}
