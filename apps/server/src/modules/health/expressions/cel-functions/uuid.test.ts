import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('uuid', () => {
  it('makes, checks and parses UUIDs', () => {
    expect(run('uuid.V4()')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(run('uuid.V4() != uuid.V4()')).toBe(true);
    expect(run('uuid.Nil()')).toBe('00000000-0000-0000-0000-000000000000');
    expect(run('uuid.IsValid("3f2504e0-4f89-11d3-9a0c-0305e82c3301")')).toBe(true);
    expect(run('uuid.IsValid("nope")')).toBe(false);
    expect(run('uuid.IsValid(x)', { x: null })).toBe(false);
    expect(run('uuid.Parse("{3F2504E0-4F89-11D3-9A0C-0305E82C3301}")')).toBe(
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
    expect(run('uuid.HashUUID(["a", "b"])')).toBe(run('uuid.HashUUID(["ab"])'));
    expect(run('uuid.HashUUID(["a"])')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5/);
  });

  it('refuses text that is not a UUID', () => {
    expect(() => run('uuid.Parse("nope")')).toThrow(/invalid UUID "nope"/);
  });
});
