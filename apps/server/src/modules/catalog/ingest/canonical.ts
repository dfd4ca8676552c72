import { createHash } from 'node:crypto';

/**
 * The normalised form of a document: object keys sorted at every depth, `undefined` members
 * dropped, dates as ISO strings. Two documents that differ only in key order normalise equal.
 * Sorting into fresh objects and handing them to the native JSON.stringify is several times
 * faster than building the string by hand.
 */
export function normalise(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((entry: unknown) => normaliseEntry(entry));
  const entries = Object.entries(value).sort(byKey);
  const sorted: Record<string, unknown> = {};
  for (const [key, entry] of entries) {
    if (entry !== undefined && typeof entry !== 'function') sorted[key] = normalise(entry);
  }
  return sorted;
}

/** In arrays JSON.stringify writes undefined as null; keep that. */
function normaliseEntry(entry: unknown): unknown {
  return entry === undefined || typeof entry === 'function' ? null : normalise(entry);
}

/** Canonical JSON text: the normalised document, compact. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalise(value ?? null));
}

/** sha256 (base64url) of the given texts, in order, each length-prefixed so that parts cannot run together. */
export function hashParts(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('base64url');
}

function byKey([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
