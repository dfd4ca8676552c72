import { createHash, randomUUID } from 'node:crypto';
import { defineCelFunctions, fn } from './function-family.ts';
import { listOf, textOf } from './values.ts';

const nil = '00000000-0000-0000-0000-000000000000';
const shape =
  /^(urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** google/uuid's Parse: hyphenated, braced, urn:uuid: or 32 hex digits; answers canonical form. */
function parseUuid(text: string): string {
  const match = shape.exec(text);
  if (!match) throw new Error(`invalid UUID "${text}"`);
  return match.slice(2, 7).join('-').toLowerCase();
}

/** google/uuid's NewHash(sha256, Nil, items joined, 5), as gomplate's HashUUID. */
function hashUuid(items: unknown[]): string {
  const hash = createHash('sha256')
    .update(Buffer.from(nil.replaceAll('-', ''), 'hex'))
    .update(items.map(textOf).join(''))
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const uuidFunctions = defineCelFunctions({
  family: 'uuid',
  namespaces: ['uuid'],
  functions: [
    fn('uuid.V4(): string', () => randomUUID()),
    fn('uuid.Nil(): string', () => nil),
    fn('uuid.IsValid(dyn): bool', (v: unknown) => typeof v === 'string' && shape.test(v)),
    fn('uuid.Parse(string): string', (s: string) => parseUuid(s)),
    fn('uuid.HashUUID(list): string', (items: unknown) => hashUuid(listOf(items))),
  ],
});
