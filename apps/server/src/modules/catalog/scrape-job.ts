import type { Database } from '../../platform/db.ts';
import type { ScrapeResult, ScrapeSummary } from './scrapers/scrape-result.ts';

/**
 * What a scrape run hands its result to: `ingestScrapeResult` of `ingest/ingest.ts`, wired at
 * composition. It is called only with a complete result (every entry of the spec succeeded).
 */
export type IngestScrapeResult = (
  db: Database,
  scraper: { id: string; agentId: string },
  result: ScrapeResult,
  options: { full: boolean; now?: Date },
) => Promise<ScrapeSummary>;
