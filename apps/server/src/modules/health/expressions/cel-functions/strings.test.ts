import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('strings', () => {
  it.each([
    ['"Now is the time for all good men".abbrev(5, 20)', '...s the time for...'],
    ['"KubernetesPod".abbrev(1, 5)', 'Ku...'],
    ['"KubernetesPod".abbrev(6)', 'Kub...'],
    ["'the quick brown fox'.camelCase()", 'theQuickBrownFox'],
    ["'the quick brown fox'.charAt(2)", 'e'],
    ["'hello mellow'.kebabCase()", 'hello-mellow'],
    ["'hello world'.snakeCase()", 'hello_world'],
    ["'hello world'.indent(4, '-')", '----hello world'],
    ["'hello world'.indent('==')", '==hello world'],
    ["strings.quote('hello')", '"hello"'],
    ["'hello'.repeat(2)", 'hellohello'],
    ["'hello'.replaceAll('l', 'f')", 'heffo'],
    ['"hello hello".replace("he", "we", 1)', 'wello hello'],
    ["'hello'.reverse()", 'olleh'],
    ['"Hello$World".runeCount()', 11],
    ['"rm -rf /home/*".shellQuote()', "'rm -rf /home/*'"],
    ['"Hello, World!".slug()', 'hello-world'],
    ["'hello world'.squote()", "'hello world'"],
    ["'hello world'.title()", 'Hello World'],
    ['Sort("hello")', 'ehllo'],
    ["'testing this line from here'.wordWrap(10)", 'testing\nthis line\nfrom here'],
    ['"hello world".trimPrefix("hello ")', 'world'],
    ['"hello world".trimSuffix(" world")', 'hello'],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('refuses bad input with a message', () => {
    expect(() => run('"KubernetesPod".abbrev(3)')).toThrow(/minimum abbreviation width is 4/);
    expect(() => run('"abc".charAt(9)')).toThrow(/index out of range/);
    expect(() => run('x.camelCase()', { x: 1 })).toThrow(/no matching overload/);
    expect(() => run('x.camelCase()', { x: null })).toThrow(/no matching overload/);
  });
});
