import { evaluateCel } from '../../health/index.ts';
import type {
  ConfigHealth,
  ScrapeResult,
  ScrapedItem,
  ScrapedRelationship,
} from '../scrapers/scrape-result.ts';
import { emptyScrapeResult } from '../scrapers/scrape-result.ts';
import { applyChangeRules } from './change-rules.ts';
import type { CommonScraperEntry } from './common-fields.ts';
import { splitFullDocument } from './full-mode.ts';
import { isJsonPath, jsonPathAll, jsonPathFirst } from './json-path.ts';
import { applyExclusions, applyMasks, applyScript } from './transform-apply.ts';

/** One document read from a source (a file, a response, a row, a script's output). */
export interface SourceDocument {
  readonly document: unknown;
  /** Where it came from, stored as the item's `source` (a path, a url). */
  readonly source?: string;
}

export interface ExtractOptions {
  /** `spec.full`: documents carry `config`, `changes` and `analysis`. */
  readonly full: boolean;
  /** The type when the entry names none, e.g. `File` for the file scraper. */
  readonly defaultType?: string;
}

const limitMs = 1000;

/**
 * Turns documents into items by the entry's shared fields, as config-db does: the transform
 * script, `items`, the id/name/type/class/status/health values or JSONPaths, exclusions,
 * masks, labels, tags, properties, relationships, and full-mode changes and analysis.
 */
export function extractResult(
  entry: CommonScraperEntry,
  documents: readonly SourceDocument[],
  options: ExtractOptions,
): ScrapeResult {
  const result = emptyScrapeResult();
  for (const { document, source } of documents) {
    for (const raw of itemsOf(entry, applyScript(entry.transform, document))) {
      const item = itemFrom(entry, raw, options, source);
      if (typeof item === 'string') {
        result.errors.push(item);
        continue;
      }
      result.items.push(item.item);
      result.changes.push(...item.changes);
      result.analysis.push(...item.analysis);
      result.relationships.push(...relationshipsOf(entry, item.item));
    }
  }
  result.changes = applyChangeRules(entry.transform, result.changes);
  return result;
}

function itemsOf(entry: CommonScraperEntry, document: unknown): unknown[] {
  const selected = entry.items ? jsonPathAll(document, entry.items) : [document];
  return selected.flatMap((value): unknown[] => {
    if (!Array.isArray(value)) return [value];
    const list: unknown[] = value;
    return list;
  });
}

function itemFrom(
  entry: CommonScraperEntry,
  raw: unknown,
  options: ExtractOptions,
  source: string | undefined,
) {
  const text = (field: string | undefined) => {
    if (field === undefined) return undefined;
    const value = isJsonPath(field) ? jsonPathFirst(raw, field) : field;
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  };
  const externalId = text(entry.id);
  const type = text(entry.type) ?? options.defaultType;
  if (!externalId) return `${source ?? 'a document'}: id ${entry.id ?? '(not set)'} found no value`;
  if (!type) return `${source ?? 'a document'}: type ${entry.type ?? '(not set)'} found no value`;
  const ref = { externalId, type };
  const parts = options.full
    ? splitFullDocument(raw, () => ref)
    : { config: raw, changes: [], analysis: [] };
  const config = structuredClone(parts.config);
  applyExclusions(entry.transform, type, config);
  applyMasks(entry.transform, config);
  const item: ScrapedItem = {
    externalId,
    type,
    configClass: text(entry.class) ?? type,
    name: text(entry.name) ?? externalId,
    description: text(entry.description),
    status: text(entry.status),
    health: healthOf(text(entry.health)),
    config,
    labels: entry.labels,
    tags: tagsOf(entry.tags, text),
    properties: propertiesOf(entry, config),
    createdAt: firstDate(raw, entry.createFields),
    deletedAt: firstDate(raw, entry.deleteFields),
  };
  return { item, changes: parts.changes, analysis: parts.analysis };
}

function tagsOf(
  tags: CommonScraperEntry['tags'],
  text: (field: string | undefined) => string | undefined,
): Record<string, string> | undefined {
  if (!Array.isArray(tags)) return tags;
  const pairs = tags.flatMap((tag) => {
    const value = text(tag.value);
    return value === undefined ? [] : [[tag.name, value] as const];
  });
  return Object.fromEntries(pairs);
}

function healthOf(value: string | undefined): ConfigHealth | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  return lower === 'healthy' || lower === 'unhealthy' || lower === 'warning' ? lower : 'unknown';
}

function firstDate(raw: unknown, paths: readonly string[] | undefined): Date | undefined {
  for (const path of paths ?? []) {
    const value = jsonPathFirst(raw, path);
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}

function propertiesOf(entry: CommonScraperEntry, config: unknown) {
  const chosen = (entry.properties ?? []).filter(
    (p) => p.filter === undefined || evaluateCel(p.filter, { config }, limitMs) === true,
  );
  if (chosen.length === 0) return undefined;
  return chosen.map(({ filter: _filter, ...property }) => ({ ...property }));
}

/** `transform.relationship` rules that name the related item by external id and type. */
function relationshipsOf(entry: CommonScraperEntry, item: ScrapedItem): ScrapedRelationship[] {
  const found: ScrapedRelationship[] = [];
  for (const rule of entry.transform?.relationship ?? []) {
    const variables = { config: item.config };
    if (rule.filter && evaluateCel(rule.filter, variables, limitMs) !== true) continue;
    const lookup = (field: typeof rule.external_id) => {
      if (!field) return undefined;
      if (field.value !== undefined) return field.value;
      if (field.expr !== undefined) return String(evaluateCel(field.expr, variables, limitMs));
      if (field.label !== undefined) return item.labels?.[field.label];
      return undefined;
    };
    const externalId = lookup(rule.external_id) ?? lookup(rule.id);
    const type = lookup(rule.type);
    if (!externalId || !type) continue;
    const related = { externalId, type };
    if (rule.parent) item.parent = related;
    else found.push({ config: { externalId: item.externalId, type: item.type }, related });
  }
  return found;
}
