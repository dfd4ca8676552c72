import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { defineCelFunctions, fn } from './function-family.ts';
import { isCelMap, listOf, plain, textOf } from './values.ts';

const bytesOf = (value: unknown): Buffer =>
  value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(textOf(value), 'utf8');

function decodeBase64(text: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(trimmed)) throw new Error('illegal base64 data');
  return Buffer.from(
    trimmed,
    trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64',
  );
}

export function yamlOf(text: string): unknown {
  const value: unknown = parseYaml(text);
  return value;
}

/** Go's encoding/json writes map keys sorted. */
function json(value: unknown, indent?: string): string {
  return JSON.stringify(sortKeys(plain(value)), null, indent) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isCelMap(value)) return value;
  const sorted = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map(([k, v]) => [k, sortKeys(v)]));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid JSON: ${reason}`, { cause: error });
  }
}

function jsonObject(text: string): unknown {
  const value = parseJson(text);
  if (!isCelMap(value)) throw new Error('JSON is not an object');
  return value;
}

function jsonArray(text: string): unknown {
  const value = parseJson(text);
  if (!Array.isArray(value)) throw new Error('JSON is not an array');
  return value;
}

/** JSON and YAML in and out, base64, URL encoding: gomplate's data, base64 and encode funcs. */
export const encodingFunctions = defineCelFunctions({
  family: 'encoding',
  namespaces: ['base64'],
  functions: [
    fn('base64.encode(bytes): string', (b: Uint8Array) => bytesOf(b).toString('base64')),
    fn('base64.encode(string): string', (s: string) => bytesOf(s).toString('base64')),
    fn('base64.decode(string): bytes', (s: string) => new Uint8Array(decodeBase64(s))),
    fn('base64.Encode(dyn): string', (v: unknown) => bytesOf(v).toString('base64')),
    fn('base64.Decode(string): string', (s: string) => decodeBase64(s).toString('utf8')),
    fn('base64.DecodeBytes(string): bytes', (s: string) => new Uint8Array(decodeBase64(s))),
    fn('dyn.toJSON(): string', (v: unknown) => json(v)),
    fn('toJSON(dyn): string', (v: unknown) => json(v)),
    fn('dyn.toJSONPretty(string): string', (v: unknown, indent: string) => json(v, indent)),
    fn('toJSONPretty(string, dyn): string', (indent: string, v: unknown) => json(v, indent)),
    fn('string.JSON(): dyn', (s: string) => jsonObject(s)),
    fn('string.JSONArray(): list', (s: string) => jsonArray(s)),
    fn('JSON(string): dyn', (s: string) => jsonObject(s)),
    fn('JSONArray(string): list', (s: string) => jsonArray(s)),
    fn('fromJSON(string): dyn', (s: string) => parseJson(s)),
    fn('YAML(string): dyn', (s: string) => yamlOf(s)),
    fn('YAMLArray(string): list', (s: string) => {
      const value = yamlOf(s);
      return listOf(value);
    }),
    fn('toYAML(dyn): string', (v: unknown) => toYaml(plain(v))),
    fn('dyn.toYAML(): string', (v: unknown) => toYaml(plain(v))),
    fn('urlencode(string): string', (s: string) =>
      new URLSearchParams({ x: s }).toString().slice(2),
    ),
    fn('urldecode(string): string', (s: string) => {
      try {
        return decodeURIComponent(s.replaceAll('+', ' '));
      } catch {
        throw new Error(`invalid URL escape in "${s}"`);
      }
    }),
  ],
});
