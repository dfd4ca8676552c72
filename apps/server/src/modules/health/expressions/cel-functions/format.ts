import { isDuration, nanosOf } from './durations.ts';
import { defineCelFunctions, fn } from './function-family.ts';
import { entriesOf, isCelMap, kindOf, listOf } from './values.ts';

const clause = /%(?:%|(?:\.(\d+))?([sdfeboxXc]))/gy;

/** cel-go's `%s` text: lists as `[a, b]`, maps as `{k: v}` in key order, durations as `1.5s`. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  if (isDuration(value)) return `${Number(nanosOf(value)) / 1e9}s`;
  if (Array.isArray(value)) return `[${value.map(asText).join(', ')}]`;
  if (isCelMap(value)) {
    const entries = entriesOf(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${k}: ${asText(v)}`).join(', ')}}`;
  }
  return kindOf(value);
}

function integer(value: unknown, verb: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && verb !== 'd' && Number.isInteger(value)) return BigInt(value);
  throw new Error(`%${verb} can only be used on integers, got ${kindOf(value)}`);
}

function real(value: unknown, verb: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^(NaN|[+-]?Infinity)$/.test(value)) return Number(value);
  throw new Error(`%${verb} can only be used on numbers, got ${kindOf(value)}`);
}

/** Go's %e: at least two exponent digits (`1.000000e+03`). */
function exponent(value: number, precision: number): string {
  return value.toExponential(precision).replace(/e([+-])(\d)$/, 'e$10$2');
}

function radix(value: unknown, verb: string, base: number): string {
  if (typeof value === 'string' && (verb === 'x' || verb === 'X')) {
    return Buffer.from(value, 'utf8').toString('hex');
  }
  if (value instanceof Uint8Array && (verb === 'x' || verb === 'X')) {
    return Buffer.from(value).toString('hex');
  }
  const n = integer(value, verb);
  return n < 0n ? `-${(-n).toString(base)}` : n.toString(base);
}

function formatOne(verb: string, precision: number | undefined, value: unknown): string {
  switch (verb) {
    case 's':
      return asText(value);
    case 'd':
      return integer(value, verb).toString();
    case 'f':
      return real(value, verb).toFixed(precision ?? 6);
    case 'e':
      return exponent(real(value, verb), precision ?? 6);
    case 'b':
      return radix(value, verb, 2);
    case 'o':
      return radix(value, verb, 8);
    case 'x':
      return radix(value, verb, 16);
    case 'X':
      return radix(value, verb, 16).toUpperCase();
    default:
      return String.fromCodePoint(Number(integer(value, verb)));
  }
}

/** cel-go's strings extension `"%s-%d".format([a, b])`, with its verbs and their errors. */
export function formatCel(template: string, args: unknown): string {
  const values = listOf(args);
  let out = '';
  let used = 0;
  for (let at = 0; at < template.length;) {
    const next = template.indexOf('%', at);
    if (next < 0) return out + template.slice(at);
    out += template.slice(at, next);
    clause.lastIndex = next;
    const match = clause.exec(template);
    if (!match) {
      throw new Error(
        `could not parse formatting clause at ${next}: unrecognized "${template.slice(next, next + 2)}"`,
      );
    }
    at = clause.lastIndex;
    if (match[0] === '%%') {
      out += '%';
      continue;
    }
    if (used >= values.length) throw new Error(`index ${used} out of range`);
    const precision = match[1] === undefined ? undefined : Number(match[1]);
    out += formatOne(match[2] ?? 's', precision, values[used]);
    used += 1;
  }
  return out;
}

export const formatFunctions = defineCelFunctions({
  family: 'format',
  namespaces: [],
  functions: [fn('string.format(list): string', (s: string, args: unknown) => formatCel(s, args))],
});
