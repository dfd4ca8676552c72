import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('encoding', () => {
  it.each([
    ["base64.encode(b'hello')", 'aGVsbG8='],
    ['base64.encode("flanksource")', 'Zmxhbmtzb3VyY2U='],
    ["string(base64.decode('aGVsbG8='))", 'hello'],
    ['base64.Decode("Zmxhbmtzb3VyY2U=")', 'flanksource'],
    ["dyn([{'name': 'John', 'age': 30}]).toJSON()", '[{"age":30,"name":"John"}]'],
    ["{'name': 'John'}.toJSON()", '{"name":"John"}'],
    ['1.toJSON()', '1'],
    ["{'name': 'aditya'}.toJSONPretty('\\t')", '{\n\t"name": "aditya"\n}'],
    ['\'{"name": "Alice", "age": 30}\'.JSON().name', 'Alice'],
    ['\'[{"name": "Alice"}]\'.JSONArray()[0].name', 'Alice'],
    ['i.toJSON().JSON().name', 'John Doe'],
    ['YAML("a: 1\\nb: [x]").b[0]', 'x'],
    ["toYAML({'a': 1})", 'a: 1\n'],
    ['urlencode("hello world ?")', 'hello+world+%3F'],
    ['urldecode("hello+world+%3F")', 'hello world ?'],
  ])('%s is %j', (source, expected) => {
    expect(run(source, { i: { name: 'John Doe' } })).toEqual(expected);
  });

  it('refuses bad input with a message', () => {
    expect(() => run('base64.decode("not base64!")')).toThrow(/illegal base64 data/);
    expect(() => run('"{nope".JSON()')).toThrow(/invalid JSON/);
    expect(() => run('"[1]".JSON()')).toThrow(/JSON is not an object/);
    expect(() => run('urldecode("%zz")')).toThrow(/invalid URL escape/);
    expect(() => run('x.JSON()', { x: null })).toThrow(/no matching overload/);
  });
});
