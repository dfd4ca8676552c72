import type { Queryable } from '../../../platform/db.ts';

export interface AnalysisRow {
  readonly config_id: string;
  readonly scraper_id: string;
  readonly analyzer: string;
  readonly analysis_type: string;
  readonly severity: string | null;
  readonly status: string;
  readonly message: string | null;
  readonly summary: string | null;
  readonly analysis: unknown;
  readonly source: string | null;
  readonly observed: string;
}

/**
 * Upserts insights keyed by (config_id, analyzer): first_observed stays, last_observed moves
 * to this scrape, a resolved insight seen again opens, a silenced one stays silenced.
 * `rows` must not repeat a key (one statement cannot update a row twice).
 */
export async function upsertAnalysis(
  client: Queryable,
  rows: readonly AnalysisRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `insert into config_analysis as a (config_id, scraper_id, analyzer, analysis_type, severity,
       status, message, summary, analysis, source, first_observed, last_observed)
     select r.config_id, r.scraper_id, r.analyzer, r.analysis_type, r.severity, r.status,
            r.message, r.summary, r.analysis, r.source, r.observed, r.observed
       from jsonb_to_recordset($1::jsonb) as r(config_id uuid, scraper_id uuid, analyzer text,
         analysis_type text, severity text, status text, message text, summary text,
         analysis jsonb, source text, observed timestamptz)
      order by r.config_id, r.analyzer
     on conflict (config_id, analyzer) do update
       set scraper_id = excluded.scraper_id, analysis_type = excluded.analysis_type,
           severity = excluded.severity, message = excluded.message, summary = excluded.summary,
           analysis = excluded.analysis, source = excluded.source,
           last_observed = excluded.last_observed,
           status = case when a.status = 'silenced' then a.status else excluded.status end`,
    [JSON.stringify(rows)],
  );
}

export interface RelationshipRow {
  readonly config_id: string;
  readonly related_id: string;
  readonly relation: string | null;
  readonly selector_id: string;
}

/** Upserts scraped relationships; one soft-deleted before comes back. No repeated keys. */
export async function upsertRelationships(
  client: Queryable,
  rows: readonly RelationshipRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `insert into config_relationships as cr (config_id, related_id, relation, selector_id)
     select r.config_id, r.related_id, r.relation, r.selector_id
       from jsonb_to_recordset($1::jsonb) as r(config_id uuid, related_id uuid, relation text,
         selector_id text)
      where r.config_id <> r.related_id
      order by r.config_id, r.related_id
     on conflict (config_id, related_id, selector_id) do update
       set relation = excluded.relation, deleted_at = null
       where cr.relation is distinct from excluded.relation or cr.deleted_at is not null`,
    [JSON.stringify(rows)],
  );
}
