import { createHash } from 'node:crypto';
import { defineCelFunctions, fn, type CelFunction } from './function-family.ts';
import { textOf } from './values.ts';

const algorithms = {
  SHA1: 'sha1',
  SHA224: 'sha224',
  SHA256: 'sha256',
  SHA384: 'sha384',
  SHA512: 'sha512',
  SHA512_224: 'sha512-224',
  SHA512_256: 'sha512-256',
} as const;

function digest(algorithm: string, value: unknown): Buffer {
  const input = value instanceof Uint8Array ? value : Buffer.from(textOf(value), 'utf8');
  return createHash(algorithm).update(input).digest();
}

/** crypto.SHA256(x) is lower-case hex; crypto.SHA256Bytes(x) the raw digest, as gomplate. */
export const cryptoFunctions = defineCelFunctions({
  family: 'crypto',
  namespaces: ['crypto'],
  functions: Object.entries(algorithms).flatMap(([name, algorithm]): CelFunction[] => [
    fn(`crypto.${name}(dyn): string`, (v: unknown) => digest(algorithm, v).toString('hex')),
    fn(`crypto.${name}Bytes(dyn): bytes`, (v: unknown) => new Uint8Array(digest(algorithm, v))),
  ]),
});
