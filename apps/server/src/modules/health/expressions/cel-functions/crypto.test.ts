import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('crypto', () => {
  it.each([
    ["crypto.SHA1('hello')", 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ["crypto.SHA224('hello')", 'ea09ae9cc6768c50fcee903ed054556e5bfc8347907f12598aa24193'],
    ["crypto.SHA256('hello')", '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    [
      "crypto.SHA384('hello')",
      '59e1748777448c69de6b800d7a33bbfb9ff1b463e44354c3553bcdb9c666fa90125a3c79f90397bdf5f6a13de828684f',
    ],
    [
      "crypto.SHA512('hello')",
      '9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043',
    ],
    ["size(crypto.SHA256Bytes('hello'))", 32],
    ["crypto.SHA1(b'hello')", 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('hashes null as empty text, as gomplate converts it', () => {
    expect(run('crypto.SHA1(x)', { x: null })).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });
});
