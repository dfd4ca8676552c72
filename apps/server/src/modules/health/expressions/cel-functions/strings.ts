import { defineCelFunctions, fn } from './function-family.ts';
import { textOf } from './values.ts';

const nonAlphaNum = /[^\p{L}\p{N}]+/gu;

/** Apache commons' abbreviate, as goutils.AbbreviateFull: "...s the time for...". */
export function abbreviate(text: string, offsetIn: number, width: number): string {
  if (text === '') return '';
  if (width < 4) throw new Error('minimum abbreviation width is 4');
  if (text.length <= width) return text;
  let offset = Math.min(offsetIn, text.length);
  if (text.length - offset < width - 3) offset = text.length - (width - 3);
  if (offset <= 4) return `${text.slice(0, width - 3)}...`;
  if (width < 7) throw new Error('minimum abbreviation width with offset is 7');
  if (offset + width - 3 < text.length) return `...${abbreviate(text.slice(offset), 0, width - 3)}`;
  return `...${text.slice(text.length - (width - 3))}`;
}

/** gomplate keeps the first letter's case and lower-cases the rest before joining words. */
function casePrepare(text: string): string {
  const trimmed = text.trim();
  const lowered = trimmed.toLowerCase();
  const kept = trimmed === '' ? '' : trimmed[0] + lowered.slice(1);
  return kept.replace(nonAlphaNum, ' ').trim();
}

function camelCase(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const titled = trimmed.replace(
    /[\p{L}\p{N}]+/gu,
    (word) => word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
  );
  return (trimmed[0] + titled.slice(1)).replace(nonAlphaNum, '');
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Go's %q for text: double quotes with Go's escapes. */
function goQuote(text: string): string {
  return JSON.stringify(text).replace(/\\u00([0-9a-f]{2})/g, '\\x$1');
}

function indent(text: string, width: number, prefix: string): string {
  if (width < 0) throw new Error('indent width must be positive');
  const pad = prefix.repeat(width);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function wordWrap(text: string, width: number, breakWith: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join(breakWith);
}

function replace(text: string, from: string, to: string, count: number): string {
  if (count < 0) return text.replaceAll(from, to);
  let out = text;
  let at = 0;
  for (let n = 0; n < count; n++) {
    const found = out.indexOf(from, at);
    if (found < 0) break;
    out = out.slice(0, found) + to + out.slice(found + from.length);
    at = found + to.length;
  }
  return out;
}

const int = (n: bigint) => Number(n);

/** gomplate's strings funcs and cel-go's strings extension, on string receivers. */
export const stringFunctions = defineCelFunctions({
  family: 'strings',
  namespaces: ['strings'],
  functions: [
    fn('string.abbrev(int): string', (s: string, w: bigint) => abbreviate(s, 0, int(w))),
    fn('string.abbrev(int, int): string', (s: string, o: bigint, w: bigint) =>
      abbreviate(s, int(o), int(w)),
    ),
    fn('string.camelCase(): string', (s: string) => camelCase(s)),
    fn('string.kebabCase(): string', (s: string) => casePrepare(s).replace(/\s+/g, '-')),
    fn('string.snakeCase(): string', (s: string) => casePrepare(s).replace(/\s+/g, '_')),
    fn('string.slug(): string', (s: string) => slug(s)),
    fn('string.title(): string', (s: string) =>
      s.replace(/(^|\s)(\p{L})/gu, (m) => m.toUpperCase()),
    ),
    fn('string.toUpper(): string', (s: string) => s.toUpperCase()),
    fn('string.toLower(): string', (s: string) => s.toLowerCase()),
    fn('string.trimSpace(): string', (s: string) => s.trim()),
    fn('string.trimPrefix(string): string', (s: string, p: string) =>
      s.startsWith(p) ? s.slice(p.length) : s,
    ),
    fn('string.trimSuffix(string): string', (s: string, p: string) =>
      p !== '' && s.endsWith(p) ? s.slice(0, -p.length) : s,
    ),
    fn('string.trunc(int): string', (s: string, n: bigint) => (n < 0n ? s : s.slice(0, int(n)))),
    fn('string.repeat(int): string', (s: string, n: bigint) => {
      if (n < 0n) throw new Error('negative repeat count');
      if (BigInt(s.length) * n > 1_000_000n) throw new Error('repeat result is too long');
      return s.repeat(int(n));
    }),
    fn('string.replace(string, string): string', (s: string, a: string, b: string) =>
      s.replaceAll(a, b),
    ),
    fn(
      'string.replace(string, string, int): string',
      (s: string, a: string, b: string, n: bigint) => replace(s, a, b, int(n)),
    ),
    fn('string.replaceAll(string, string): string', (s: string, a: string, b: string) =>
      s.replaceAll(a, b),
    ),
    fn('string.charAt(int): string', (s: string, i: bigint) => {
      const chars = [...s];
      if (i < 0n || i > BigInt(chars.length)) throw new Error(`index out of range: ${i}`);
      return chars[int(i)] ?? '';
    }),
    fn('string.reverse(): string', (s: string) => [...s].reverse().join('')),
    fn('string.runeCount(): int', (s: string) => BigInt([...s].length)),
    fn('string.indent(string): string', (s: string, p: string) => indent(s, 1, p)),
    fn('string.indent(int, string): string', (s: string, w: bigint, p: string) =>
      indent(s, int(w), p),
    ),
    fn('string.wordWrap(int): string', (s: string, w: bigint) => wordWrap(s, int(w), '\n')),
    fn('string.wordWrap(int, string): string', (s: string, w: bigint, b: string) =>
      wordWrap(s, int(w), b),
    ),
    fn('string.quote(): string', (s: string) => goQuote(s)),
    fn('strings.quote(dyn): string', (v: unknown) => goQuote(textOf(v))),
    fn('string.squote(): string', (s: string) => `'${s.replaceAll("'", "''")}'`),
    fn('string.shellQuote(): string', (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`),
    fn('string.sort(): string', (s: string) => [...s].sort().join('')),
    fn('Sort(string): string', (s: string) => [...s].sort().join('')),
  ],
});
