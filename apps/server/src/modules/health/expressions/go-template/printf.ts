import { formatFloat, formatValue, goType, isNumeric } from './values.ts';

/** Go's fmt.Sprint: a space between operands when neither is a string. */
export function sprint(args: readonly unknown[]): string {
  let out = '';
  args.forEach((arg, i) => {
    if (i > 0 && typeof arg !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += formatValue(arg);
  });
  return out;
}

/** Go's fmt.Sprintln: spaces between all operands, and a newline. */
export function sprintln(args: readonly unknown[]): string {
  return `${args.map(formatValue).join(' ')}\n`;
}

interface Spec {
  readonly minus: boolean;
  readonly plus: boolean;
  readonly zero: boolean;
  readonly space: boolean;
  readonly sharp: boolean;
  readonly width: number | undefined;
  readonly precision: number | undefined;
}

const directive = /%([-+# 0]*)(\d+)?(?:\.(\d*))?([a-zA-Z%])/g;

/** Go's fmt.Sprintf for the verbs templates use: %s %d %v %q %f %e %g %t %x %X %c %%. */
export function sprintf(format: string, args: readonly unknown[]): string {
  let next = 0;
  const out = format.replace(
    directive,
    (
      _all: string,
      flags: string,
      width: string | undefined,
      precision: string | undefined,
      verb: string,
    ) => {
      if (verb === '%') return '%';
      if (next >= args.length) return `%!${verb}(MISSING)`;
      const spec: Spec = {
        minus: flags.includes('-'),
        plus: flags.includes('+'),
        zero: flags.includes('0'),
        space: flags.includes(' '),
        sharp: flags.includes('#'),
        width: width === undefined ? undefined : Number(width),
        precision: precision === undefined ? undefined : Number(precision || '0'),
      };
      return pad(formatVerb(verb, args[next++], spec), spec);
    },
  );
  if (next >= args.length) return out;
  const extra = args.slice(next).map((a) => `${goType(a)}=${formatValue(a)}`);
  return `${out}%!(EXTRA ${extra.join(', ')})`;
}

function formatVerb(verb: string, arg: unknown, spec: Spec): string {
  const bad = () => `%!${verb}(${goType(arg)}=${formatValue(arg)})`;
  switch (verb) {
    case 'v':
      return typeof arg === 'string' || !spec.plus ? formatValue(arg) : formatValue(arg);
    case 's':
      if (typeof arg === 'string') return cut(arg, spec.precision);
      if (isNumeric(arg) || typeof arg === 'boolean') return bad();
      return cut(formatValue(arg), spec.precision);
    case 'q':
      if (typeof arg === 'string') return JSON.stringify(arg);
      if (typeof arg === 'bigint') return `'${String.fromCodePoint(Number(arg))}'`;
      return bad();
    case 'd':
      if (typeof arg === 'bigint') return signed(arg.toString(), spec);
      if (typeof arg === 'number' && Number.isInteger(arg)) return signed(arg.toFixed(0), spec);
      return bad();
    case 't':
      return typeof arg === 'boolean' ? String(arg) : bad();
    case 'c':
      return typeof arg === 'bigint' ? String.fromCodePoint(Number(arg)) : bad();
    case 'x':
    case 'X':
      return hex(arg, verb === 'X', spec) ?? bad();
    case 'f':
    case 'F':
    case 'e':
    case 'g':
      return isNumeric(arg) ? signed(float(Number(arg), verb, spec.precision), spec) : bad();
    default:
      return `%!${verb}(${goType(arg)}=${formatValue(arg)})`;
  }
}

function float(value: number, verb: string, precision: number | undefined): string {
  if (!Number.isFinite(value)) return formatFloat(value);
  if (verb === 'e') {
    const [m = '', e = '0'] = value.toExponential(precision ?? 6).split('e');
    const exp = Number(e);
    return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (verb === 'g')
    return precision === undefined
      ? formatFloat(value)
      : String(Number(value.toPrecision(precision)));
  return fixed(value, precision ?? 6);
}

/** toFixed rounds a tie up; Go rounds the exact decimal value half to even (2.25 → 2.2). */
function fixed(value: number, digits: number): string {
  const rounded = value.toFixed(digits);
  const exact = Math.abs(value).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.indexOf('.') + 1 + digits);
  if (!/^50*$/.test(tail)) return rounded;
  const lastDigit = Number(rounded.replace('.', '').at(-1));
  if (lastDigit % 2 === 0) return rounded;
  const step = 10 ** -digits * Math.sign(value);
  return (value - step / 2).toFixed(digits);
}

function hex(arg: unknown, upper: boolean, spec: Spec): string | undefined {
  let text: string | undefined;
  if (typeof arg === 'string') text = Buffer.from(arg).toString('hex');
  else if (typeof arg === 'bigint')
    text = (arg < 0n ? '-' : '') + (arg < 0n ? -arg : arg).toString(16);
  else if (typeof arg === 'number' && Number.isInteger(arg))
    text = (arg < 0 ? '-' : '') + Math.abs(arg).toString(16);
  if (text === undefined) return undefined;
  if (spec.sharp) text = text.startsWith('-') ? `-0x${text.slice(1)}` : `0x${text}`;
  return upper ? text.toUpperCase() : text;
}

function signed(text: string, spec: Spec): string {
  if (text.startsWith('-')) return text;
  if (spec.plus) return `+${text}`;
  if (spec.space) return ` ${text}`;
  return text;
}

function cut(text: string, precision: number | undefined): string {
  return precision === undefined ? text : [...text].slice(0, precision).join('');
}

function pad(text: string, spec: Spec): string {
  const width = spec.width ?? 0;
  const length = [...text].length;
  if (length >= width) return text;
  if (spec.minus) return text + ' '.repeat(width - length);
  if (spec.zero && /^[+-]?[\d.]/.test(text)) {
    const sign = /^[+-]/.test(text) ? text.charAt(0) : '';
    return sign + '0'.repeat(width - length) + text.slice(sign.length);
  }
  return ' '.repeat(width - length) + text;
}
