/**
 * PostgreSQL COPY text format (one row a line, tab between columns, `\N` for null): the
 * ingest stages its rows with COPY, which the server parses far more cheaply than a jsonb
 * array (docs/catalog-ingest.md). Only backslash, tab, newline and carriage return need escaping.
 */
export type CopyValue = string | number | boolean | null | undefined;

const special = /[\\\t\n\r]/g;
const escapes: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // Like JSON, a number that is not finite is stored as null.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  const text = value;
  return text.replace(special, (c) => escapes[c] ?? c);
}

/** One COPY line (with its newline) of the given values, in column order. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : '\t') + copyField(values[i]);
  return `${line}\n`;
}

/** A text[] literal, every element quoted: `{"a","b \"c\""}`. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** JSON text of a value for a json/jsonb column; undefined and null become SQL null. */
export function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
