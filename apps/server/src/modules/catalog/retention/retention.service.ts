import { parseDuration } from '../../../platform/durations.ts';
import type { Database } from '../../../platform/db.ts';
import { inBatches } from './batches.ts';
import {
  defaultStaleItemAge,
  retentionSpec,
  type RetentionSpec,
} from '../scrape-spec/retention.ts';
import {
  deleteChangesBeyondCount,
  deleteChangesOlderThan,
  lastScrapeRun,
  listScrapers,
  purgeScraperItems,
  purgeUnownedItems,
  scraperItemPage,
  recordRetentionRun,
  softDeleteByAge,
  softDeleteStale,
  type RetentionScraper,
} from './retention.repository.ts';

/** The job history name of a scraper's retention run (resource_type config_scraper). */
export const retentionJobName = 'CatalogRetention';
/** The job history name of the purge of items no live scraper owns. */
export const purgeJobName = 'CatalogItemPurge';

/** config-db's delete reasons. */
export const deleteReasons = { stale: 'STALE', retention: 'RETENTION' } as const;

export interface RetentionSettings {
  /** Rows per statement, and so per transaction. */
  readonly batchSize: number;
  /** Soft-deleted items are purged this long after deletion (unless referenced). */
  readonly purgeAfterMs: number;
}

export const defaultRetentionSettings: RetentionSettings = {
  batchSize: 1000,
  purgeAfterMs: 7 * 86_400_000,
};

export interface ScraperRetentionOutcome {
  readonly scraperId: string;
  readonly status: 'SUCCESS' | 'WARNING' | 'FAILED';
  readonly summary: Record<string, number>;
  readonly errors: string[];
  readonly skipped: string[];
}

/** Reads `spec.retention`; `staleItemAge: keep` (config-db) turns stale deletion off. */
function readSpec(raw: unknown): { spec: RetentionSpec; keepStale: boolean } | { error: string } {
  const isKeep = ([key, value]: [string, unknown]) => key === 'staleItemAge' && value === 'keep';
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const entries = isObject ? Object.entries(raw) : [];
  const keepStale = entries.some(isKeep);
  const input =
    raw === null || raw === undefined
      ? {}
      : isObject
        ? Object.fromEntries(entries.filter((e) => !isKeep(e)))
        : raw;
  const parsed = retentionSpec.safeParse(input);
  if (parsed.success) return { spec: parsed.data, keepStale };
  const issue = parsed.error.issues[0];
  const field = ['spec', 'retention', ...(issue?.path ?? [])].join('.');
  return { error: `${field}: ${issue?.message ?? 'is invalid'}` };
}

function ageMs(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseDuration(text);
}

/**
 * One scraper's retention at `now`: change rules, type rules, stale items (only after a
 * successful last scrape) and the purge of its soft-deleted items, each in batches. Records
 * one job history row with the counts.
 */
export async function runScraperRetention(
  db: Database,
  scraper: RetentionScraper,
  now: number,
  settings: RetentionSettings = defaultRetentionSettings,
): Promise<ScraperRetentionOutcome> {
  const start = new Date();
  const at = new Date(now);
  const batch = settings.batchSize;
  const summary = {
    changes_deleted_by_age: 0,
    changes_deleted_by_count: 0,
    items_deleted_by_age: 0,
    items_stale: 0,
    items_purged: 0,
  };
  const errors: string[] = [];
  const skipped: string[] = [];
  const read = readSpec(scraper.retention);
  try {
    if ('error' in read) {
      errors.push(read.error);
    } else {
      const { spec, keepStale } = read;
      for (const rule of spec.changes ?? []) {
        const age = ageMs(rule.age);
        if (age !== undefined) {
          const cutoff = new Date(now - age);
          summary.changes_deleted_by_age += await inBatches(db, batch, (c) =>
            deleteChangesOlderThan(c, scraper.id, rule.name, cutoff, batch),
          );
        }
        const keep = rule.count;
        if (keep !== undefined) {
          summary.changes_deleted_by_count += await deleteSurplusChanges(
            db,
            scraper.id,
            rule.name,
            keep,
            batch,
          );
        }
      }
      const typeCutoffs = new Map<string, Date>();
      for (const rule of spec.types ?? []) {
        for (const [column, text] of [
          ['created_at', rule.createdAge],
          ['updated_at', rule.updatedAge],
        ] as const) {
          const age = ageMs(text);
          if (age === undefined) continue;
          const cutoff = new Date(now - age);
          summary.items_deleted_by_age += await inBatches(db, batch, (c) =>
            softDeleteByAge(
              c,
              scraper.id,
              rule.name,
              column,
              cutoff,
              at,
              deleteReasons.retention,
              batch,
            ),
          );
        }
        const deletedAge = ageMs(rule.deletedAge);
        if (deletedAge !== undefined) typeCutoffs.set(rule.name, new Date(now - deletedAge));
      }
      if (keepStale) {
        skipped.push('stale items: staleItemAge is keep');
      } else {
        summary.items_stale = await deleteStale(db, scraper, spec, now, batch, skipped);
      }
      const purgeCutoff = new Date(now - settings.purgeAfterMs);
      summary.items_purged = await inBatches(db, batch, (c) =>
        purgeScraperItems(c, scraper.id, typeCutoffs, purgeCutoff, batch),
      );
    }
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  const status = errors.length > 0 ? 'FAILED' : 'SUCCESS';
  await recordRetentionRun(db.pool, {
    name: retentionJobName,
    scraper,
    status,
    start,
    end: new Date(),
    summary,
    errors,
    skipped,
  });
  return { scraperId: scraper.id, status, summary: { ...summary }, errors, skipped };
}

const noId = '00000000-0000-0000-0000-000000000000';

/** `changes[].count`: walks the scraper's items a page at a time, each page in batches. */
async function deleteSurplusChanges(
  db: Database,
  scraperId: string,
  changeType: string,
  keep: number,
  batch: number,
): Promise<number> {
  let total = 0;
  let after = noId;
  for (;;) {
    const page = await scraperItemPage(db.pool, scraperId, after, batch);
    if (page.length === 0) return total;
    total += await inBatches(db, batch, (c) =>
      deleteChangesBeyondCount(c, page, changeType, keep, batch),
    );
    after = page[page.length - 1] ?? after;
  }
}

/**
 * Stale items are soft-deleted only when the scraper's newest scrape succeeded: a failed or
 * partial (WARNING) scrape did not see everything, so absence proves nothing. Items seen by
 * that scrape are never stale, however long it ran.
 */
async function deleteStale(
  db: Database,
  scraper: RetentionScraper,
  spec: RetentionSpec,
  now: number,
  batch: number,
  skipped: string[],
): Promise<number> {
  const last = await lastScrapeRun(db.pool, scraper.id, [retentionJobName, purgeJobName]);
  if (last === undefined) {
    skipped.push('stale items: no finished scrape in job history');
    return 0;
  }
  if (last.status !== 'SUCCESS') {
    skipped.push(`stale items: the last scrape ended ${last.status}`);
    return 0;
  }
  const age = ageMs(spec.staleItemAge ?? defaultStaleItemAge) ?? 86_400_000;
  const cutoff = new Date(Math.min(now - age, last.time_start.getTime()));
  return inBatches(db, batch, (c) =>
    softDeleteStale(c, scraper.id, cutoff, new Date(now), deleteReasons.stale, batch),
  );
}

/** Every live scraper's retention, then the purge of soft-deleted items no scraper owns. */
export async function runCatalogRetention(
  db: Database,
  now: number,
  settings: RetentionSettings = defaultRetentionSettings,
): Promise<{ scrapers: ScraperRetentionOutcome[]; unownedPurged: number }> {
  const outcomes: ScraperRetentionOutcome[] = [];
  for (const scraper of await listScrapers(db.pool)) {
    outcomes.push(await runScraperRetention(db, scraper, now, settings));
  }
  const start = new Date();
  const cutoff = new Date(now - settings.purgeAfterMs);
  const errors: string[] = [];
  let unownedPurged = 0;
  try {
    unownedPurged = await inBatches(db, settings.batchSize, (c) =>
      purgeUnownedItems(c, cutoff, settings.batchSize),
    );
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  await recordRetentionRun(db.pool, {
    name: purgeJobName,
    status: errors.length > 0 ? 'FAILED' : 'SUCCESS',
    start,
    end: new Date(),
    summary: { items_purged: unownedPurged },
    errors,
    skipped: [],
  });
  return { scrapers: outcomes, unownedPurged };
}
