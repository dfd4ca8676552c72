import { describe, expect, it } from 'vitest';
import { TemplateError } from './errors.ts';
import { renderTemplate, validateTemplate } from './template.ts';

const render = (source: string, data: unknown = {}) => renderTemplate(source, data);

describe('Go template actions', () => {
  it('prints fields, map chains, and <no value> for a missing key', () => {
    expect(
      render('{{ .a }}/{{ .m.k }}/{{ .missing }}/{{ .missing.deeper }}', { a: 'x', m: { k: 1 } }),
    ).toBe('x/1/<no value>/<no value>');
    expect(render('{{ . }}', { b: [1, 2], a: 'x' })).toBe('map[a:x b:[1 2]]');
    expect(render('{{ .n }} {{ .f }} {{ .big }}', { n: 7n, f: 0.25, big: 1234567.5 })).toBe(
      '7 0.25 1.2345675e+06',
    );
  });

  it("refuses a field of nil or of a scalar, as Go's errors say", () => {
    expect(() => render('{{ .x.y }}', { x: null })).toThrow(
      'nil pointer evaluating interface {}.y',
    );
    expect(() => render('{{ .x.y }}', { x: 'text' })).toThrow(
      "can't evaluate field y in type string",
    );
    expect(() => render('{{ .x 1 }}', { x: 'text' })).toThrow(
      'x is not a method but has arguments',
    );
  });

  it('trims around {{- and -}} and drops comments', () => {
    expect(render('a  {{- .x -}}  b', { x: 'X' })).toBe('aXb');
    expect(render('a {{/* note */}} b')).toBe('a  b');
    expect(render('a \n {{- /* note */ -}} \n b')).toBe('ab');
    expect(render('{{ -3 }}')).toBe('-3');
  });

  it('declares and assigns variables, with $ as the data', () => {
    expect(render('{{ $x := .a }}{{ $x }}{{ $.a }}', { a: 1 })).toBe('11');
    expect(render('{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }}')).toBe('2');
    expect(() => validateTemplate('{{ if true }}{{ $y := 1 }}{{ end }}{{ $y }}')).toThrow(
      'undefined variable "$y"',
    );
  });

  it('runs if / else if / else on Go truthiness', () => {
    const t = '{{ if .a }}a{{ else if .b }}b{{ else }}c{{ end }}';
    expect(render(t, { a: 1 })).toBe('a');
    expect(render(t, { a: 0, b: 'x' })).toBe('b');
    expect(render(t, { a: [], b: '', c: {} })).toBe('c');
    expect(render('{{ if .m }}y{{ else }}n{{ end }}', { m: {} })).toBe('n');
  });

  it('ranges over slices, maps (sorted keys) and ints, with else, break and continue', () => {
    expect(render('{{ range $i, $v := .l }}{{ $i }}={{ $v }};{{ end }}', { l: ['a', 'b'] })).toBe(
      '0=a;1=b;',
    );
    expect(render('{{ range $k, $v := . }}{{ $k }}:{{ $v }} {{ end }}', { b: 2, a: 1 })).toBe(
      'a:1 b:2 ',
    );
    expect(render('{{ range $v := .l }}{{ $v }}{{ end }}', { l: [1, 2] })).toBe('12');
    expect(render('{{ range .l }}x{{ else }}empty{{ end }}', { l: [] })).toBe('empty');
    expect(render('{{ range .missing }}x{{ else }}none{{ end }}')).toBe('none');
    const t =
      '{{ range .l }}{{ if eq . 2 }}{{ continue }}{{ end }}{{ if eq . 4 }}{{ break }}{{ end }}{{ . }}{{ end }}';
    expect(render(t, { l: [1n, 2n, 3n, 4n, 5n] })).toBe('13');
    expect(render('{{ range 3 }}{{ . }}{{ end }}')).toBe('012');
    expect(() => render('{{ range .s }}{{ end }}', { s: 'abc' })).toThrow(
      "range can't iterate over abc",
    );
  });

  it('runs with and else with', () => {
    const t = '{{ with .a }}{{ . }}{{ else with .b }}b={{ . }}{{ else }}none{{ end }}';
    expect(render(t, { a: 'A' })).toBe('A');
    expect(render(t, { b: 2 })).toBe('b=2');
    expect(render(t, {})).toBe('none');
  });

  it('defines templates and calls them with template and block', () => {
    const t = '{{ define "item" }}[{{ . }}]{{ end }}{{ range .l }}{{ template "item" . }}{{ end }}';
    expect(render(t, { l: [1, 2] })).toBe('[1][2]');
    expect(render('{{ block "b" .x }}<{{ . }}>{{ end }}', { x: 'v' })).toBe('<v>');
    expect(() => render('{{ template "nope" }}')).toThrow('no such template "nope"');
    expect(() => render('{{ define "r" }}{{ template "r" }}{{ end }}{{ template "r" }}')).toThrow(
      'exceeded maximum template depth',
    );
  });

  it('pipes a value as the last argument, and chains fields on a call', () => {
    expect(render('{{ "ABC" | strings.ToLower | printf "%s!" }}')).toBe('abc!');
    const data = { resources: [{ Object: { metadata: { name: 'n' } } }] };
    expect(render('{{ (index .resources 0).Object.metadata.name }}', data)).toBe('n');
  });

  it('refuses bad templates when parsed, naming the problem and its line', () => {
    const refuse = (source: string, message: string) => {
      expect(() => validateTemplate(source)).toThrow(TemplateError);
      expect(() => validateTemplate(source)).toThrow(message);
    };
    refuse('{{ .a ', 'unclosed action');
    refuse('a\n{{ foo .a }}', 'template: 2: function "foo" not defined');
    refuse('{{ strings.Nope "x" }}', 'function "strings.Nope" not defined');
    refuse('{{ if .a }}x', 'unexpected EOF');
    refuse('{{ end }}', 'unexpected {{end}}');
    refuse('{{ break }}', '{{break}} outside {{range}}');
    refuse('{{ }}', 'missing value for command');
    refuse('{{ $x }}', 'undefined variable "$x"');
    refuse('{{ "a" "b" | 1 }}', 'non executable command in pipeline stage 2');
    refuse('{{ .a "x }}', 'unterminated quoted string');
    refuse('{{ /* c */ }}', 'unrecognized character');
    refuse('{{/* open', 'unclosed comment');
    expect(() => render('{{ 1 2 }}')).toThrow("can't give argument to non-function");
  });

  it('stops a template that runs past its time limit', () => {
    const t = '{{ range .l }}{{ range $.l }}{{ range $.l }}{{ end }}{{ end }}{{ end }}';
    const l = Array.from({ length: 400 }, (_, i) => i);
    expect(() => renderTemplate(t, { l }, { limitMs: 20 })).toThrow(
      'template took longer than 20ms',
    );
  });

  it('reads $(name) with the second delimiter pair and values as functions', () => {
    const functions = new Map([['user', () => 'u']]);
    const options = { delimiters: { left: '$(', right: ')' }, functions };
    expect(
      renderTemplate('https://$(user):$(.pass)@h/$(index .l 0)', { pass: 'p', l: ['x'] }, options),
    ).toBe('https://u:p@h/x');
  });
});
