import { describe, expect, it } from 'vitest';
import { renderTemplate, validateTemplate } from '../template.ts';

const render = (source: string, data: unknown = {}) => renderTemplate(source, data);

describe('gomplate-style template functions', () => {
  it('strings: namespace with the input last, and the stdlib-order aliases', () => {
    expect(
      render(
        '{{ strings.ToLower "AbC" }} {{ "x" | strings.ToUpper }} {{ strings.Title "hello world" }}',
      ),
    ).toBe('abc X Hello World');
    expect(
      render(
        '{{ strings.TrimPrefix "v" "v1.2" }} {{ strings.TrimSuffix ".yaml" "a.yaml" }} {{ strings.Trim "-" "--a--" }}',
      ),
    ).toBe('1.2 a a');
    expect(
      render(
        '{{ strings.Contains "b" "abc" }} {{ contains "abc" "z" }} {{ strings.HasPrefix "a" "abc" }}',
      ),
    ).toBe('true false true');
    expect(
      render(
        '{{ strings.Split "," "a,b" }} {{ strings.SplitN "," 2 "a,b,c" }} {{ strings.ReplaceAll "a" "o" "banana" }}',
      ),
    ).toBe('[a b] [a b,c] bonono');
    expect(
      render(
        '{{ strings.Repeat 3 "ab" }} {{ strings.Trunc 2 "abc" }} {{ strings.Indent 2 "a\\nb" }}',
      ),
    ).toBe('ababab ab   a\n  b');
    expect(
      render(
        '{{ strings.SnakeCase "helloWorld" }} {{ strings.Slug "Hello World!" }} {{ strings.Quote "a\\"b" }}',
      ),
    ).toBe('hello_world hello-world "a\\"b"');
  });

  it('conv and default', () => {
    expect(
      render(
        '{{ conv.ToInt "42" }} {{ conv.ToInt 3.9 }} {{ conv.ToInt "nope" }} {{ conv.ToInt "0x10" }}',
      ),
    ).toBe('42 3 0 16');
    expect(render('{{ gt (conv.ToInt .failed) 0 }}', { failed: '2' })).toBe('true');
    expect(
      render(
        '{{ conv.ToFloat64 "1.5" }} {{ conv.ToBool "yes" }} {{ toString 5 }} {{ toString .x }}',
      ),
    ).toBe('1.5 true 5 nil');
    expect(
      render('{{ default "d" .missing }} {{ default "d" "" }} {{ .v | default "d" }}', {
        v: 'set',
      }),
    ).toBe('d d set');
    expect(render('{{ join .l ", " }}', { l: ['a', 1] })).toBe('a, 1');
  });

  it('data: toJSON, toJSONPretty, toYAML and parsing', () => {
    expect(render('{{ toJSON . }}', { a: [1, 'x'], n: 5n })).toBe('{"a":[1,"x"],"n":5}');
    expect(render('{{ . | toJSONPretty "  " }}', { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(render('{{ . | toYAML }}', { a: { b: 'c' } })).toBe('a:\n  b: c\n');
    expect(render('{{ (json .raw).k }} {{ (yaml "a: 1").a }}', { raw: '{"k":"v"}' })).toBe('v 1');
    expect(() => render('{{ json "{" }}')).toThrow('error calling json');
  });

  it('coll: dict, has, keys, values, first, last, uniq, sort, coalesce', () => {
    expect(
      render('{{ (dict "a" 1 "b" 2).b }} {{ has .m "a" }} {{ keys .m }} {{ values .m }}', {
        m: { b: 2, a: 1 },
      }),
    ).toBe('2 true [a b] [1 2]');
    expect(
      render(
        '{{ first .l }} {{ last .l }} {{ uniq .d }} {{ sort .d }} {{ coalesce "" .missing "c" }}',
        { l: [1, 2, 3], d: ['b', 'a', 'b'] },
      ),
    ).toBe('1 3 [b a] [a b b] c');
    expect(render('{{ coll.Omit "a" .m }} {{ coll.Pick "a" .m }}', { m: { a: 1, b: 2 } })).toBe(
      'map[b:2] map[a:1]',
    );
  });

  it('math: int arithmetic stays int, a float makes it float, division by zero fails', () => {
    expect(
      render(
        '{{ add 1 2 3 }} {{ sub 5 7 }} {{ mul 2 2.5 }} {{ div 7 2 }} {{ rem 7 3 }} {{ seq 3 }}',
      ),
    ).toBe('6 -2 5 3.5 1 [1 2 3]');
    expect(() => render('{{ div 1 0 }}')).toThrow('error calling div: divide by zero');
  });

  it('sizes and times', () => {
    expect(
      render('{{ humanizeBytes 512 }} {{ .s | humanizeBytes }} {{ humanizeBytes 3221225472 }}', {
        s: 1536,
      }),
    ).toBe('512 1.5Ki 3Gi');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(render('{{ .t | humanizeTime }}', { t: hourAgo })).toBe('1 hour ago');
    expect(render('{{ time.ParseDuration "90m" }} {{ humanDuration "1500ms" }}')).toBe(
      '1h30m0s 1.5s',
    );
    expect(render('{{ time.Unix 0 }}')).toBe('1970-01-01 00:00:00 +0000 UTC');
    expect(render('{{ len (random.Alpha 10) }} {{ strings.ToLower (random.Alpha 4) | len }}')).toBe(
      '10 4',
    );
    expect(render('{{ base64.Encode "hi" }} {{ base64.Decode "aGk=" }} {{ len (uuid.V4) }}')).toBe(
      'aGk= hi 36',
    );
  });

  it('last_result answers an empty result until a run supplies the previous one', () => {
    const t =
      '{{- if last_result.results.rows }}{{ (index last_result.results.rows 0).max }}{{- else }}none{{- end }}';
    expect(render(t)).toBe('none');
    const functions = new Map([['last_result', () => ({ results: { rows: [{ max: 'x' }] } })]]);
    expect(renderTemplate(t, {}, { functions })).toBe('x');
  });

  it('refuses an unknown function in a namespace when parsed', () => {
    expect(() => validateTemplate('{{ time.Nope }}')).toThrow('function "time.Nope" not defined');
    expect(() => validateTemplate('{{ nope.Thing 1 }}')).toThrow(
      'function "nope.Thing" not defined',
    );
  });
});
