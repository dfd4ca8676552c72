import { toInteger, toList, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

const s = toText;

function title(value: unknown): string {
  return s(value).replace(
    /(^|[^\p{L}\p{N}'])(\p{L})/gu,
    (_m, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

function trimCutset(text: string, cutset: string, fromStart: boolean, fromEnd: boolean): string {
  const chars = new Set(cutset);
  let start = 0;
  let end = text.length;
  while (fromStart && start < end && chars.has(text.charAt(start))) start++;
  while (fromEnd && end > start && chars.has(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

function indent(...args: unknown[]): string {
  const input = s(args.at(-1));
  const width = args.length >= 2 && typeof args[0] !== 'string' ? Number(toInteger(args[0])) : 1;
  const unit =
    args.length === 3
      ? s(args[1])
      : args.length === 2 && typeof args[0] === 'string'
        ? s(args[0])
        : ' ';
  const prefix = unit.repeat(width);
  return input
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

function splitN(separator: string, n: bigint, input: string): string[] {
  if (n === 0n) return [];
  const parts = input.split(separator);
  if (n < 0n || parts.length <= n) return parts;
  const head = parts.slice(0, Number(n) - 1);
  return [...head, parts.slice(Number(n) - 1).join(separator)];
}

function words(value: unknown): string[] {
  return s(value)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** gomplate's `strings` namespace (input last, for pipelines) and its top-level aliases. */
export const stringFunctions: FunctionFamily = {
  'strings.ToLower': (v) => s(v).toLowerCase(),
  'strings.ToUpper': (v) => s(v).toUpperCase(),
  'strings.Title': title,
  'strings.TrimSpace': (v) => s(v).trim(),
  'strings.Trim': (cutset, v) => trimCutset(s(v), s(cutset), true, true),
  'strings.TrimLeft': (cutset, v) => trimCutset(s(v), s(cutset), true, false),
  'strings.TrimRight': (cutset, v) => trimCutset(s(v), s(cutset), false, true),
  'strings.TrimPrefix': (prefix, v) =>
    s(v).startsWith(s(prefix)) ? s(v).slice(s(prefix).length) : s(v),
  'strings.TrimSuffix': (suffix, v) =>
    s(suffix) !== '' && s(v).endsWith(s(suffix)) ? s(v).slice(0, -s(suffix).length) : s(v),
  'strings.Contains': (sub, v) => s(v).includes(s(sub)),
  'strings.HasPrefix': (prefix, v) => s(v).startsWith(s(prefix)),
  'strings.HasSuffix': (suffix, v) => s(v).endsWith(s(suffix)),
  'strings.Split': (sep, v) => s(v).split(s(sep)),
  'strings.SplitN': (sep, n, v) => splitN(s(sep), toInteger(n), s(v)),
  'strings.ReplaceAll': (from, to, v) => s(v).replaceAll(s(from), s(to)),
  'strings.Repeat': (count, v) => s(v).repeat(Number(toInteger(count))),
  'strings.Trunc': (length, v) => [...s(v)].slice(0, Number(toInteger(length))).join(''),
  'strings.Indent': indent,
  'strings.Quote': (v) => JSON.stringify(s(v)),
  'strings.Squote': (v) => `'${s(v).replaceAll("'", "''")}'`,
  'strings.ShellQuote': (v) => `'${s(v).replaceAll("'", `'"'"'`)}'`,
  'strings.Slug': (v) => words(v).join('-').toLowerCase(),
  'strings.SnakeCase': (v) => words(v).join('_').toLowerCase(),
  'strings.KebabCase': (v) => words(v).join('-').toLowerCase(),
  'strings.CamelCase': (v) =>
    words(v)
      .map((w, i) =>
        i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
      )
      .join(''),
  'strings.Sort': (list) => toList(list).map(s).sort(),
  'strings.RuneCount': (...args) => BigInt([...args.map(s).join('')].length),
  replaceAll: (from, to, v) => s(v).replaceAll(s(from), s(to)),
  title,
  toUpper: (v) => s(v).toUpperCase(),
  toLower: (v) => s(v).toLowerCase(),
  trimSpace: (v) => s(v).trim(),
  indent,
  quote: (v) => JSON.stringify(s(v)),
  squote: (v) => `'${s(v).replaceAll("'", "''")}'`,
  shellQuote: (v) => `'${s(v).replaceAll("'", `'"'"'`)}'`,
  contains: (v, sub) => s(v).includes(s(sub)),
  hasPrefix: (v, prefix) => s(v).startsWith(s(prefix)),
  hasSuffix: (v, suffix) => s(v).endsWith(s(suffix)),
  startsWith: (v, prefix) => s(v).startsWith(s(prefix)),
  endsWith: (v, suffix) => s(v).endsWith(s(suffix)),
  split: (v, sep) => s(v).split(s(sep)),
  splitN: (v, sep, n) => splitN(s(sep), toInteger(n), s(v)),
  trim: (v, cutset) => trimCutset(s(v), s(cutset), true, true),
};
