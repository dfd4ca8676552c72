import { TemplateError } from './errors.ts';

/** A Go number literal: integers as bigint (Go's int), the rest as number (float64). */
export function parseNumber(text: string): number | bigint {
  const clean = text.replaceAll('_', '');
  const negative = clean.startsWith('-');
  const body = clean.replace(/^[+-]/, '');
  let value: bigint | number;
  if (/^0[xXbBoO]/.test(body)) value = BigInt(body.toLowerCase());
  else if (/^0[0-7]+$/.test(body)) value = BigInt(`0o${body.slice(1)}`);
  else if (/^\d+$/.test(body)) value = BigInt(body);
  else value = Number(body);
  if (typeof value === 'number' && Number.isNaN(value)) {
    throw new TemplateError(`bad number syntax: ${JSON.stringify(text)}`);
  }
  if (typeof value === 'bigint') return negative ? -value : value;
  return negative ? -value : value;
}

const simpleEscapes: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** Go's strconv.Unquote for "…", `…` and '…' literals ('…' answers the rune as text). */
export function unquote(literal: string): string {
  if (literal.startsWith('`')) return literal.slice(1, -1).replaceAll('\r', '');
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body.charAt(++i);
    const simple = simpleEscapes[e];
    if (simple !== undefined) {
      out += simple;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const size = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      out += codePoint(body.slice(i + 1, i + 1 + size), 16, literal);
      i += size;
    } else if (/[0-7]/.test(e)) {
      out += codePoint(body.slice(i, i + 3), 8, literal);
      i += 2;
    } else {
      throw new TemplateError(`invalid syntax: ${literal}`);
    }
  }
  return out;
}

function codePoint(digits: string, radix: number, literal: string): string {
  const value = Number.parseInt(digits, radix);
  if (Number.isNaN(value) || value > 0x10ffff)
    throw new TemplateError(`invalid syntax: ${literal}`);
  return String.fromCodePoint(value);
}
