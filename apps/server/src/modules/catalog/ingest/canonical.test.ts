import { describe, expect, it } from 'vitest';
import { canonicalJson, hashParts, normalise } from './canonical.ts';
import { prepareItem } from './item-rows.ts';
import { uuid7 } from './uuid7.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    const a = { b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined }, when: new Date(0) };
    expect(canonicalJson(a)).toBe(
      '{"a":{"d":[{"y":2,"z":1}]},"b":1,"when":"1970-01-01T00:00:00.000Z"}',
    );
    expect(canonicalJson({ a: { c: 1, d: 2 }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: 2, c: 1 } }),
    );
  });

  it('keeps array order and writes undefined entries as null, like JSON.stringify', () => {
    expect(canonicalJson([3, undefined, 1])).toBe('[3,null,1]');
    expect(normalise(null)).toBeNull();
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('hashes parts so that they cannot run together', () => {
    expect(hashParts(['ab', 'c'])).not.toBe(hashParts(['a', 'bc']));
    expect(hashParts(['x'])).toBe(hashParts(['x']));
  });
});

describe('prepareItem hash', () => {
  const base = {
    externalId: 'i-1',
    type: 'AWS::EC2::Instance',
    configClass: 'Instance',
    name: 'web',
    config: { b: 1, a: 2 },
  };

  it('ignores key order but sees every scraped field', () => {
    const hash = prepareItem(base).hash;
    expect(prepareItem({ ...base, config: { a: 2, b: 1 } }).hash).toBe(hash);
    expect(prepareItem({ ...base, config: { a: 2, b: 2 } }).hash).not.toBe(hash);
    expect(prepareItem({ ...base, health: 'unhealthy' }).hash).not.toBe(hash);
    expect(prepareItem({ ...base, labels: { app: 'x' } }).hash).not.toBe(hash);
    expect(prepareItem({ ...base, aliases: ['web.internal'] }).hash).not.toBe(hash);
    expect(prepareItem({ ...base, parent: { type: 'AWS::VPC', externalId: 'v' } }).hash).not.toBe(
      hash,
    );
  });

  it('lists the external id first and aliases once', () => {
    expect(prepareItem({ ...base, aliases: ['a', 'i-1', 'a'] }).externalIds).toEqual(['i-1', 'a']);
  });
});

describe('uuid7', () => {
  it('is a version 7 UUID that sorts by time', () => {
    const first = uuid7(1_700_000_000_000);
    const later = uuid7(1_700_000_000_001);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first < later).toBe(true);
    expect(first.slice(0, 13)).toBe('018bcfe5-6800');
  });
});
