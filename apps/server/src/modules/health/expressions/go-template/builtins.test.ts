import { describe, expect, it } from 'vitest';
import { renderTemplate } from './template.ts';

const render = (source: string, data: unknown = {}) => renderTemplate(source, data);

describe('Go template builtins', () => {
  it('and / or answer an operand and stop at the first that decides', () => {
    expect(render('{{ and 1 0 2 }} {{ and 1 2 }} {{ or 0 "" "x" }} {{ or 0 "" }}')).toBe('0 2 x ');
    expect(render('{{ or .a (index .l 5) }}', { a: 'set', l: [] })).toBe('set');
    expect(() => render('{{ and }}')).toThrow('wrong number of args for and');
  });

  it('not, len, index and slice', () => {
    expect(render('{{ not 0 }} {{ not "x" }}')).toBe('true false');
    expect(
      render('{{ len .s }} {{ len .l }} {{ len .m }}', { s: 'héllo', l: [1], m: { a: 1 } }),
    ).toBe('6 1 1');
    expect(() => render('{{ len 3 }}')).toThrow('error calling len: len of type int');
    expect(
      render('{{ index .l 1 }} {{ index .m "k" }} {{ index .n 0 1 }}', {
        l: [1, 2],
        m: { k: 'v' },
        n: [[1, 2]],
      }),
    ).toBe('2 v 2');
    expect(render('{{ index .m "nope" }}', { m: {} })).toBe('<no value>');
    expect(() => render('{{ index .l 5 }}', { l: [1] })).toThrow(
      'error calling index: index out of range: 5',
    );
    expect(() => render('{{ index 3 0 }}')).toThrow("can't index item of type int");
    expect(
      render('{{ slice .l 1 }} {{ slice .l 0 1 }} {{ slice "abc" 1 2 }}', { l: [1, 2, 3] }),
    ).toBe('[2 3] [1] b');
    expect(() => render('{{ slice .l 2 1 }}', { l: [1, 2, 3] })).toThrow('index out of range');
  });

  it('print, println and printf with Go verbs', () => {
    expect(render('{{ print 1 2 "a" 3 }}')).toBe('1 2a3');
    expect(render('{{ println 1 "a" }}')).toBe('1 a\n');
    expect(
      render('{{ printf "%s|%d|%v|%q|%.2f|%t|%x|%X" "s" 42 .l "q" 3.14159 true 255 "hi" }}', {
        l: [1, 'a'],
      }),
    ).toBe('s|42|[1 a]|"q"|3.14|true|ff|6869');
    expect(render('{{ printf "%5d|%-4s|%05.1f|%%|%+d" 7 "ab" 2.25 3 }}')).toBe(
      '    7|ab  |002.2|%|+3',
    );
    expect(render('{{ printf "%f" 1.5 }}')).toBe('1.500000');
    expect(render('{{ printf "%d %s" "x" }}')).toBe('%!d(string=x) %!s(MISSING)');
    expect(render('{{ printf "%s" "a" "b" }}')).toBe('a%!(EXTRA string=b)');
    expect(() => render('{{ printf 1 }}')).toThrow('error calling printf');
  });

  it('compares with eq, ne, lt, le, gt, ge', () => {
    expect(
      render('{{ eq 1 1 }} {{ eq "a" "b" "a" }} {{ ne 1 2 }} {{ eq .code 200 }}', { code: 200n }),
    ).toBe('true true true true');
    expect(render('{{ lt 1 2 }} {{ le 2 2 }} {{ gt 1.5 1 }} {{ ge "b" "a" }}')).toBe(
      'true true true true',
    );
    expect(render('{{ eq .missing "x" }} {{ eq .missing nil }}')).toBe('false true');
    expect(() => render('{{ eq 1 "1" }}')).toThrow(
      'error calling eq: incompatible types for comparison',
    );
    expect(() => render('{{ lt true false }}')).toThrow('invalid type for comparison');
    expect(() => render('{{ eq .m .m }}', { m: {} })).toThrow('non-comparable type');
  });

  it('escapes with html, js and urlquery', () => {
    expect(render(`{{ html "<a href='x'>&\\"" }}`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&#34;');
    expect(render(`{{ js "it's <b>=\\n" }}`)).toBe("it\\'s \\u003Cb\\u003E\\u003D\\u000A");
    expect(render('{{ urlquery "a b&c/d" }}')).toBe('a+b%26c%2Fd');
  });
});
