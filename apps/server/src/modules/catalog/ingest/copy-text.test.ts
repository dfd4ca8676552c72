import { describe, expect, it } from 'vitest';
import { copyLine, jsonText, textArrayLiteral } from './copy-text.ts';

describe('COPY text', () => {
  it('separates columns with tabs, writes null as \\N and booleans as t/f', () => {
    expect(copyLine(['a', null, undefined, true, false, 1.5])).toBe('a\t\\N\t\\N\tt\tf\t1.5\n');
  });

  it('escapes backslash, tab, newline and carriage return inside values', () => {
    expect(copyLine(['a\\b\tc\nd\re'])).toBe('a\\\\b\\tc\\nd\\re\n');
    // JSON's own escapes survive: the server reads back the text that was written.
    expect(copyLine([JSON.stringify({ s: 'x\n"y"' })])).toBe(
      `${String.raw`{"s":"x\\n\\"y\\""}`}\n`,
    );
  });

  it('stores numbers that are not finite as null, like JSON', () => {
    expect(copyLine([Number.NaN, Number.POSITIVE_INFINITY])).toBe('\\N\t\\N\n');
  });

  it('quotes every element of a text[] literal', () => {
    expect(textArrayLiteral(['a', 'b "c"', 'd\\e', 'NULL'])).toBe(
      '{"a","b \\"c\\"","d\\\\e","NULL"}',
    );
  });

  it('writes JSON for json columns and SQL null for missing values', () => {
    expect(jsonText({ a: 1 })).toBe('{"a":1}');
    expect(jsonText(undefined)).toBeNull();
    expect(jsonText(null)).toBeNull();
  });
});
