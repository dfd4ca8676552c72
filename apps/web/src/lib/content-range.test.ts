import { describe, expect, it } from 'vitest';
import { parseTotalEntries } from './content-range.ts';

describe('parseTotalEntries', () => {
  it.each([
    ['0-49/1234', 1234],
    ['*/0', 0],
    ['50-99/100', 100],
    ['0-49/*', undefined],
    ['garbage', undefined],
    [null, undefined],
  ])('reads %s as %s', (header, expected) => {
    expect(parseTotalEntries(header)).toBe(expected);
  });
});
