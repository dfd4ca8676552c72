import { randomBytes, randomUUID } from 'node:crypto';
import { toInteger, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';

function random(alphabet: string, count: unknown): string {
  const n = Math.min(Number(toInteger(count)), 4096);
  const bytes = randomBytes(Math.max(0, n));
  return [...bytes].map((b) => alphabet.charAt(b % alphabet.length)).join('');
}

/** Bytes as canary-checker prints sizes: binary units, one decimal (1.5Ki, 2Gi). */
export function humanizeBytes(value: unknown): string {
  let size = Number(toInteger(value));
  const units = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
  let unit = 0;
  while (Math.abs(size) >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(size) : String(Number(size.toFixed(1)));
  return `${text}${units[unit] ?? ''}`;
}

/** gomplate's `base64`, `random` and `uuid` namespaces, and byte sizes. */
export const encodingFunctions: FunctionFamily = {
  'base64.Encode': (v) => Buffer.from(toText(v)).toString('base64'),
  'base64.Decode': (v) => Buffer.from(toText(v), 'base64').toString('utf8'),
  'random.Alpha': (n) => random(alpha, n),
  'random.AlphaNum': (n) => random(alpha + digits, n),
  'random.ASCII': (n) => random(alpha + digits + '!#$%&()*+,-./:;<=>?@[]^_{|}~', n),
  'uuid.V4': () => randomUUID(),
  'uuid.Nil': () => '00000000-0000-0000-0000-000000000000',
  humanizeBytes,
  humanSize: humanizeBytes,
};
