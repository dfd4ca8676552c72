import type {
  ScrapedAnalysis,
  ScrapedChange,
  ScrapedRelationship,
} from '../scrapers/scrape-result.ts';
import { upsertAnalysis, upsertRelationships, type AnalysisRow } from './analysis.repository.ts';
import { changeRow, collapseRepeats } from './change-rows.ts';
import {
  attachOrphans,
  storeChanges,
  storeOrphans,
  type ChangeRow,
  type OrphanTarget,
} from './changes.repository.ts';
import { countFor, scraperSelector, type IngestRun } from './ingest-run.ts';
import { itemKey } from './item-rows.ts';
import { resolveRefs } from './resolve-refs.ts';

/** Rows per statement for changes, analysis and relationships. */
const rowBatchSize = 1000;
/** Orphans whose item never appears are dropped after this long. */
export const orphanMaxAgeMs = 7 * 86_400_000;
/** Insight message limit (spec §9). */
const messageLimit = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += rowBatchSize) {
    out.push(rows.slice(start, start + rowBatchSize));
  }
  return out;
}

/** Event changes: attached to their item, or kept as orphans until it appears. */
export async function ingestChanges(run: IngestRun, changes: readonly ScrapedChange[]) {
  for (const batch of chunks(changes)) {
    const items = await resolveRefs(
      run,
      batch.map((change) => change.config),
    );
    const attached: Array<ChangeRow & { config_id: string }> = [];
    const orphans: Array<ChangeRow & OrphanTarget> = [];
    for (const change of batch) {
      const row = changeRow(change, run.now);
      const item = items.get(itemKey(change.config.type, change.config.externalId));
      if (item) attached.push({ ...row, config_id: item.id });
      else {
        orphans.push({
          ...row,
          agent_id: run.agentId,
          scraper_id: run.scraperId,
          config_type: change.config.type,
          external_id: change.config.externalId,
        });
      }
    }
    const typeById = new Map([...items.values()].map((item) => [item.id, item.type]));
    await run.db.transaction(async (client) => {
      const stored = await storeChanges(
        client,
        collapseRepeats(attached, (row) => row.config_id),
      );
      for (const id of stored) countFor(run, typeById.get(id) ?? 'unknown', 'changes');
      await storeOrphans(
        client,
        collapseRepeats(orphans, (row) => itemKey(row.config_type, row.external_id)),
      );
    });
  }
  // Items that appeared in this ingest (or since) take their orphans now.
  await run.db.transaction(async (client) => {
    const expireBefore = new Date(run.now.getTime() - orphanMaxAgeMs);
    for (const type of await attachOrphans(client, run.agentId, expireBefore)) {
      countFor(run, type, 'changes');
    }
  });
}

/** Insights keyed by (item, analyzer); those of unknown items are counted as errors. */
export async function ingestAnalysis(run: IngestRun, analysis: readonly ScrapedAnalysis[]) {
  for (const batch of chunks(analysis)) {
    const items = await resolveRefs(
      run,
      batch.map((entry) => entry.config),
    );
    const rows = new Map<string, AnalysisRow>();
    for (const entry of batch) {
      const item = items.get(itemKey(entry.config.type, entry.config.externalId));
      if (!item) {
        countFor(run, entry.config.type, 'errors');
        continue;
      }
      rows.set(`${item.id}\u0000${entry.analyzer}`, {
        config_id: item.id,
        scraper_id: run.scraperId,
        analyzer: entry.analyzer,
        analysis_type: entry.analysisType,
        severity: entry.severity ?? null,
        status: entry.status ?? 'open',
        message: entry.message?.slice(0, messageLimit) ?? null,
        summary: entry.summary ?? null,
        analysis: entry.analysis ?? null,
        source: entry.source ?? null,
        observed: run.now.toISOString(),
      });
    }
    await run.db.transaction((client) => upsertAnalysis(client, [...rows.values()]));
  }
}

/** Scraped relationships between items; pairs with an unknown end are counted as errors. */
export async function ingestRelationships(
  run: IngestRun,
  relationships: readonly ScrapedRelationship[],
) {
  const selector = scraperSelector(run.scraperId);
  for (const batch of chunks(relationships)) {
    const items = await resolveRefs(
      run,
      batch.flatMap((entry) => [entry.config, entry.related]),
    );
    const rows = new Map<
      string,
      { config_id: string; related_id: string; relation: string | null; selector_id: string }
    >();
    for (const entry of batch) {
      const from = items.get(itemKey(entry.config.type, entry.config.externalId));
      const to = items.get(itemKey(entry.related.type, entry.related.externalId));
      if (!from || !to) {
        countFor(run, entry.config.type, 'errors');
        continue;
      }
      rows.set(`${from.id}\u0000${to.id}`, {
        config_id: from.id,
        related_id: to.id,
        relation: entry.relation ?? null,
        selector_id: selector,
      });
    }
    await run.db.transaction((client) => upsertRelationships(client, [...rows.values()]));
  }
}
