import { z } from 'zod';
import type { ConfigRef, ScrapedAnalysis, ScrapedChange } from '../scrapers/scrape-result.ts';

const severity = z.enum(['info', 'low', 'medium', 'high', 'critical', 'warning', 'blocker']);
const analysisTypes = z.enum([
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
]);
const date = z
  .union([z.string(), z.number()])
  .transform((value) => new Date(value))
  .refine((d) => !Number.isNaN(d.getTime()), 'is not a date');

/** config-db's ChangeResult as written in a full-mode document. */
const changeDocument = z
  .object({
    change_type: z.string().optional(),
    action: z.string().optional(),
    summary: z.string().optional(),
    severity: severity.optional().catch(undefined),
    source: z.string().optional(),
    created_at: date.optional(),
    created_by: z.string().optional(),
    details: z.unknown().optional(),
    patches: z.unknown().optional(),
    diff: z.string().optional(),
    external_change_id: z.string().optional(),
    external_id: z.string().optional(),
    config_type: z.string().optional(),
  })
  .loose();

const analysisDocument = z
  .object({
    analyzer: z.string().min(1),
    analysis_type: analysisTypes.optional().catch('other'),
    severity: severity.optional().catch(undefined),
    summary: z.string().optional(),
    message: z.string().optional(),
    status: z.enum(['open', 'resolved', 'silenced']).optional().catch(undefined),
    source: z.string().optional(),
    analysis: z.unknown().optional(),
    external_id: z.string().optional(),
    config_type: z.string().optional(),
  })
  .loose();

/** What a full-mode document carries besides its config. */
export interface FullModeParts {
  config: unknown;
  changes: ScrapedChange[];
  analysis: ScrapedAnalysis[];
}

/**
 * Splits a full-mode document: `config` (else the rest of the document) is the item, and its
 * `changes` and `analysis` belong to `owner` unless they name another config.
 */
export function splitFullDocument(document: unknown, owner: () => ConfigRef): FullModeParts {
  const object = z.record(z.string(), z.unknown()).safeParse(document);
  if (!object.success) return { config: document, changes: [], analysis: [] };
  const { changes: rawChanges, analysis: rawAnalysis, ...rest } = object.data;
  const config = 'config' in rest ? rest.config : rest;
  const refOf = (doc: { external_id?: string | undefined; config_type?: string | undefined }) => {
    const own = owner();
    return { externalId: doc.external_id ?? own.externalId, type: doc.config_type ?? own.type };
  };
  const changes = z
    .array(changeDocument)
    .parse(rawChanges ?? [])
    .map((c): ScrapedChange => ({
      config: refOf(c),
      changeType: c.change_type ?? c.action ?? 'Change',
      severity: c.severity,
      source: c.source,
      summary: c.summary,
      details: c.details,
      patches: c.patches,
      diff: c.diff,
      createdBy: c.created_by,
      createdAt: c.created_at,
      externalChangeId: c.external_change_id,
    }));
  const analysis = z
    .array(analysisDocument)
    .parse(rawAnalysis ?? [])
    .map((a): ScrapedAnalysis => ({
      config: refOf(a),
      analyzer: a.analyzer,
      analysisType: a.analysis_type ?? 'other',
      severity: a.severity,
      summary: a.summary,
      message: a.message,
      status: a.status,
      source: a.source,
      analysis: a.analysis,
    }));
  return { config, changes, analysis };
}
