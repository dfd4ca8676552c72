import type { Database } from '../../../platform/db.ts';
import type { Enqueue } from '../../events/index.ts';
import type { ScrapeSummary, ScrapeTypeSummary } from '../scrapers/scrape-result.ts';

/** Where an item of this ingest landed: enough to resolve references to it without a query. */
export interface KnownItem {
  readonly id: string;
  readonly type: string;
  readonly path: string | null;
}

/** The state of one ingest, shared by its stages. */
export interface IngestRun {
  readonly db: Database;
  readonly scraperId: string;
  readonly agentId: string;
  readonly now: Date;
  readonly enqueue: Enqueue | undefined;
  /** By itemKey(type, externalId), for every external id of every item seen so far. */
  readonly known: Map<string, KnownItem>;
  readonly summary: ScrapeSummary;
}

/** selector_id of relationships this scraper reports; aliases get their own suffix. */
export function scraperSelector(scraperId: string): string {
  return `scraper:${scraperId}`;
}
export function aliasSelector(scraperId: string): string {
  return `scraper:${scraperId}:alias`;
}

export function countFor(
  run: IngestRun,
  type: string,
  field: keyof ScrapeTypeSummary,
  by = 1,
): void {
  const entry = (run.summary[type] ??= {
    added: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    changes: 0,
    errors: 0,
  });
  entry[field] += by;
}
