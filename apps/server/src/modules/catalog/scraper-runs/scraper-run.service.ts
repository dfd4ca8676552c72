import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { IngestScrapeResult } from '../scrape-job.ts';
import { parseScrapeSpec } from '../scrape-spec/scrape-config.ts';
import {
  emptyScrapeResult,
  type ScrapeResult,
  type ScrapeSummary,
} from '../scrapers/scrape-result.ts';
import { ScrapeConfigError, type ScrapeContext } from '../scrapers/scraper-type.ts';
import {
  findScraper,
  finishJob,
  startJob,
  tryLockScraper,
  unlockScraper,
  type ScraperRow,
} from './scraper-runs.repository.ts';

export interface ScraperRunDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  readonly ingest: IngestScrapeResult;
  /** Limit of one scrape when its spec sets no `timeout` (config-db: 10 minutes). */
  readonly defaultTimeoutMs?: number;
  /** Where the file scraper's relative paths resolve. */
  readonly baseDir?: string;
}

export type ScrapeRunOutcome =
  | { status: 'SUCCESS' | 'FAILED'; jobId: string; summary: ScrapeSummary; errors: string[] }
  | { status: 'RUNNING' }
  | { status: 'NOT_FOUND' };

const defaultTimeoutMs = 10 * 60_000;

/**
 * One run of a scraper: locked so that runs of it never overlap (on any replica), recorded in
 * job history, and ingested only when every entry of its spec scraped completely.
 */
export async function runScraper(deps: ScraperRunDeps, id: string): Promise<ScrapeRunOutcome> {
  const scraper = await findScraper(deps.db.pool, id);
  if (!scraper) return { status: 'NOT_FOUND' };
  const client = await deps.db.pool.connect();
  try {
    if (!(await tryLockScraper(client, id))) return { status: 'RUNNING' };
    try {
      return await runLocked(deps, scraper);
    } finally {
      await unlockScraper(client, id);
    }
  } finally {
    client.release();
  }
}

async function runLocked(deps: ScraperRunDeps, scraper: ScraperRow): Promise<ScrapeRunOutcome> {
  const start = new Date();
  const jobId = await startJob(deps.db.pool, scraper, start);
  const errors: string[] = [];
  let summary: ScrapeSummary = {};
  const parsed = parseScrapeSpec(scraper.spec);
  if (!parsed.ok) {
    errors.push(`${parsed.field} ${parsed.message}`);
  } else {
    const timeoutMs = parsed.timeoutMs ?? deps.defaultTimeoutMs ?? defaultTimeoutMs;
    const merged = emptyScrapeResult();
    for (const scrape of parsed.scrapes) {
      const ctx = contextFor(deps, scraper, timeoutMs, parsed.settings.full === true);
      try {
        const result = await scrape.scrape(ctx);
        errors.push(...result.errors.map((error) => `${scrape.field}: ${error}`));
        append(merged, result);
      } catch (error) {
        errors.push(`${scrape.field} (${scrape.type}): ${describe(error, ctx.signal, timeoutMs)}`);
      }
    }
    // A partial result would make the ingest treat what it lacks as gone: nothing is ingested.
    if (errors.length === 0) {
      try {
        summary = await deps.ingest(
          deps.db,
          { id: scraper.id, agentId: scraper.agent_id },
          merged,
          { full: parsed.settings.full === true, now: start },
        );
      } catch (error) {
        errors.push(`ingest: ${describe(error)}`);
      }
    }
  }
  const status = errors.length === 0 ? 'SUCCESS' : 'FAILED';
  await finishJob(deps.db.pool, jobId, scraper.id, {
    status,
    start,
    end: new Date(),
    details: { scrape_summary: summary, ...(errors.length > 0 ? { errors } : {}) },
    successCount: status === 'SUCCESS' ? 1 : 0,
    errorCount: errors.length,
  });
  if (errors.length > 0) deps.log.warn({ scraper: scraper.name, errors }, 'scrape failed');
  return { status, jobId, summary, errors };
}

function contextFor(
  deps: ScraperRunDeps,
  scraper: ScraperRow,
  timeoutMs: number,
  full: boolean,
): ScrapeContext {
  return {
    scraperId: scraper.id,
    namespace: scraper.namespace,
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs,
    log: deps.log.child({ scraper: scraper.name }),
    full,
    ...(deps.baseDir ? { baseDir: deps.baseDir } : {}),
    connection: async (reference, endpoint) => {
      try {
        return await deps.connections(reference, {
          endpoint,
          approved: scraper.connection_pairing_approved,
        });
      } catch (error) {
        throw new ScrapeConfigError(describe(error));
      }
    },
    resolveValue: deps.values,
  };
}

function append(into: ScrapeResult, from: ScrapeResult): void {
  into.items.push(...from.items);
  into.changes.push(...from.changes);
  into.analysis.push(...from.analysis);
  into.relationships.push(...from.relationships);
}

function describe(error: unknown, signal?: AbortSignal, timeoutMs?: number): string {
  if (signal?.aborted && timeoutMs !== undefined) return `timed out after ${timeoutMs}ms`;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message || error.name}${cause}`;
  }
  return String(error);
}
