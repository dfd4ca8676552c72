import { parseAllDocuments } from 'yaml';
import type { SourceDocument } from '../../scrape-spec/extract.ts';

/**
 * A file's documents by its extension or `format`: JSON, YAML (every document of a
 * multi-document file), Java-style `properties`, else JSON when it parses and text otherwise.
 * Malformed JSON or YAML throws, naming the file.
 */
export function documentsOf(path: string, text: string, format?: string): SourceDocument[] {
  const kind = format?.toLowerCase() ?? extensionKind(path);
  if (kind === 'properties') return [{ document: properties(text), source: path }];
  if (kind === 'json') return [{ document: json(path, text), source: path }];
  if (kind === 'yaml') {
    return parseAllDocuments(text).flatMap((doc) => {
      if (doc.errors.length > 0) {
        throw new Error(`${path} is not valid YAML: ${doc.errors[0]?.message ?? ''}`);
      }
      const value: unknown = doc.toJS();
      return value === null || value === undefined ? [] : [{ document: value, source: path }];
    });
  }
  try {
    const value: unknown = JSON.parse(text);
    return [{ document: value, source: path }];
  } catch {
    return [{ document: text, source: path }];
  }
}

function extensionKind(path: string): string | undefined {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  return undefined;
}

function json(path: string, text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${path} is not valid JSON: ${reason}`, { cause: error });
  }
}

/** `key = value` / `key: value` lines; `#` and `!` start comments. */
function properties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(trimmed);
    if (match?.[1])
      out[match[1]] = (match[2] ?? '').replace(/\s+#.*$/, '').replace(/^'(.*)'$/, '$1');
  }
  return out;
}
