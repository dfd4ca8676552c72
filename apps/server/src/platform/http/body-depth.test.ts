import { describe, expect, it } from 'vitest';
import { jsonNestsTooDeep, valueNestsTooDeep } from './body-depth.ts';

describe('body depth', () => {
  it('counts objects and arrays opened at once, not those in strings', () => {
    expect(jsonNestsTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonNestsTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestsTooDeep('[[],[],[],[]]', 2)).toBe(false);
    expect(jsonNestsTooDeep(`{"a":"[[[[\\"{{{{"}`, 2)).toBe(false);
    expect(jsonNestsTooDeep(`["\\\\",[[[]]]]`, 3)).toBe(true);
  });

  it('scans 5,000 levels without recursing', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(jsonNestsTooDeep(deep)).toBe(true);
  });

  it('walks parsed values with a stack', () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 5000; level += 1) value = { next: value };
    expect(valueNestsTooDeep(value)).toBe(true);
    expect(valueNestsTooDeep({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(valueNestsTooDeep({ a: [1, { b: [] }] }, 3)).toBe(true);
  });
});
