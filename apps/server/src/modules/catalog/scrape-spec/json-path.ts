import { JSONPath } from 'jsonpath-plus';

/**
 * config-db writes JSONPath with or without the leading `$` (`$.id`, `.database`); both mean
 * the same. Evaluated with jsonpath-plus, filters run in its safe evaluator, never as host code.
 */
export function jsonPathAll(document: unknown, path: string): unknown[] {
  const normalised = path.startsWith('$') ? path : path.startsWith('.') ? `$${path}` : `$.${path}`;
  const json = toJsonValue(document);
  if (json === null && document !== null) return [];
  const found: unknown = JSONPath({ path: normalised, json, wrap: true, eval: 'safe' });
  return Array.isArray(found) ? found : [];
}

/** The first match, or undefined. */
export function jsonPathFirst(document: unknown, path: string): unknown {
  return jsonPathAll(document, path)[0];
}

/** A field value written as a JSONPath (`$…`) rather than a literal. */
export function isJsonPath(text: string): boolean {
  return text.startsWith('$');
}

/** Throws when the path does not parse, for writes to refuse it. */
export function validateJsonPath(path: string): void {
  const normalised = path.startsWith('$') ? path : `$${path.startsWith('.') ? '' : '.'}${path}`;
  JSONPath({ path: normalised, json: {}, wrap: true, eval: 'safe' });
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** jsonpath-plus types its input as JSON; documents here come from JSON or YAML parsers. */
function toJsonValue(value: unknown): JsonValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonValue(v)]));
  }
  return null;
}
