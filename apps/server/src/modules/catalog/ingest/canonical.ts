import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

/**
 * Canonical JSON text of a document: object keys sorted at every depth, `undefined` members
 * dropped, dates as ISO strings, compact. Two documents that differ only in key order have
 * the same text. safe-stable-stringify sorts while it writes, without a sorted copy.
 */
const stableStringify = configure({ deterministic: true, circularValue: null, bigint: true });

export function canonicalJson(value: unknown): string {
  return stableStringify(value ?? null) ?? 'null';
}

/** The normalised document: the canonical text parsed back (keys in sorted order). */
export function normalise(value: unknown): unknown {
  return JSON.parse(canonicalJson(value));
}

/** sha256 (base64url) of the given texts, in order, each length-prefixed so that parts cannot run together. */
export function hashParts(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('base64url');
}
