import { TemplateError } from './errors.ts';
import { sprint, sprintf, sprintln } from './printf.ts';
import { fieldOf, goType, isNumeric, isRecord, isTrue, lengthOf, toIndex } from './values.ts';

import type { TemplateFunction } from './functions/registry.ts';

/** Go's text/template builtins; `and` and `or` short-circuit in the executor. */
export const builtins: ReadonlyMap<string, TemplateFunction> = new Map<string, TemplateFunction>([
  ['not', (value) => !isTrue(value)],
  ['len', (value) => lengthOf(value)],
  ['index', (item, ...keys) => keys.reduce(indexOne, item)],
  ['slice', (item, ...bounds) => sliceOf(item, bounds)],
  ['print', (...args) => sprint(args)],
  ['println', (...args) => sprintln(args)],
  ['printf', (format, ...args) => sprintf(stringArg(format, 'printf'), args)],
  [
    'eq',
    (a, ...rest) => {
      if (rest.length === 0) throw new TemplateError('missing argument for comparison');
      return rest.some((b) => equal(a, b));
    },
  ],
  ['ne', (a, b) => !equal(a, b)],
  ['lt', (a, b) => order(a, b) < 0],
  ['le', (a, b) => order(a, b) <= 0],
  ['gt', (a, b) => order(a, b) > 0],
  ['ge', (a, b) => order(a, b) >= 0],
  ['html', (...args) => escapeHtml(sprint(args))],
  ['js', (...args) => escapeJs(sprint(args))],
  [
    'urlquery',
    (...args) =>
      encodeURIComponent(sprint(args))
        .replaceAll('%20', '+')
        .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ],
]);

function stringArg(value: unknown, name: string): string {
  if (typeof value !== 'string')
    throw new TemplateError(`${name}: expected string; found ${goType(value)}`);
  return value;
}

function indexOne(item: unknown, key: unknown): unknown {
  if (item === undefined || item === null) throw new TemplateError('index of untyped nil');
  if (Array.isArray(item) || typeof item === 'string') {
    const i = toIndex(key);
    if (i < 0 || i >= item.length) throw new TemplateError(`index out of range: ${i}`);
    return typeof item === 'string' ? BigInt(Buffer.from(item)[i] ?? 0) : item[i];
  }
  if (item instanceof Map) return item.get(key);
  if (isRecord(item)) return fieldOf(item, String(key));
  throw new TemplateError(`can't index item of type ${goType(item)}`);
}

function sliceOf(item: unknown, bounds: readonly unknown[]): unknown {
  if (typeof item !== 'string' && !Array.isArray(item)) {
    throw new TemplateError(`can't slice item of type ${goType(item)}`);
  }
  if (bounds.length > 3 || (typeof item === 'string' && bounds.length > 2)) {
    throw new TemplateError('too many slice indexes');
  }
  const [from = 0, to = item.length] = bounds.map(toIndex);
  if (from < 0 || to < from || to > item.length) {
    throw new TemplateError(`index out of range: ${from}:${to}`);
  }
  return item.slice(from, to);
}

function equal(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null || b === undefined || b === null) {
    return (a === undefined || a === null) === (b === undefined || b === null);
  }
  if (isNumeric(a) && isNumeric(b))
    return Number(a) === Number(b) && (typeof a !== 'bigint' || typeof b !== 'bigint' || a === b);
  if (typeof a !== typeof b) throw new TemplateError('incompatible types for comparison');
  if (typeof a === 'object') throw new TemplateError(`non-comparable type ${goType(a)}`);
  return a === b;
}

function order(a: unknown, b: unknown): number {
  if (isNumeric(a) && isNumeric(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    return Number(a) - Number(b);
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (!isOrdered(a) || !isOrdered(b)) throw new TemplateError('invalid type for comparison');
  throw new TemplateError('incompatible types for comparison');
}

function isOrdered(value: unknown): boolean {
  return typeof value === 'string' || isNumeric(value);
}

const htmlEscapes: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&#39;',
  '"': '&#34;',
  '\0': '\uFFFD',
};

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"\0]/g, (c) => htmlEscapes[c] ?? c);
}

const jsEscapes: Record<string, string> = { '\\': '\\\\', "'": "\\'", '"': '\\"' };

function escapeJs(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    const simple = jsEscapes[c];
    if (simple !== undefined) out += simple;
    else if (code < 0x20 || code === 0x7f || '<>&='.includes(c)) {
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    } else out += c;
  }
  return out;
}
