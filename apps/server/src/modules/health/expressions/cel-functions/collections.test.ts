import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('collections', () => {
  it.each([
    ['{"first": "John", "last": "Doe"}.keys()', ['first', 'last']],
    ["{'a': 1, 'b': 2}.values()", [1, 2]],
    ['{"first": "John"}.merge({"last": "Doe"})', { first: 'John', last: 'Doe' }],
    ['{"first": "John", "last": "Doe"}.omit(["first"])', { last: 'Doe' }],
    ["{'a': '1', 'b': '2', 'c': '3'}.pick(['a', 'c']).keys()", ['a', 'c']],
    ['[3, 2, 1].sort()', [1, 2, 3]],
    ["['h', 'b', 'a'].sort()", ['a', 'b', 'h']],
    ['[1, 2, 2, 3, 3, 3].distinct()', [1, 2, 3]],
    ['["a", "b", "b"].uniq()', ['a', 'b']],
    ['[1, [2, [3, 4]]].flatten()', [1, 2, 3, 4]],
    ['[1, 2, 3, 4].reverse()', [4, 3, 2, 1]],
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['range(5)', [0, 1, 2, 3, 4]],
    ['range(0, 10, 2)', [0, 2, 4, 6, 8]],
    ['keyValToMap("a=b,c=d")', { a: 'b', c: 'd' }],
    ['{"a": "b", "c": "d"}.mapToKeyVal()', 'a=b,c=d'],
    ['sets.contains([1, 2, 3, 4], [2, 3])', true],
    ['sets.contains([], [1])', false],
    ['sets.equivalent([1, 2, 3], [3u, 2.0, 1])', true],
    ['sets.intersects([1], [])', false],
    ['x.keys()', ['a']],
  ])('%s is %j', (source, expected) => {
    expect(run(source, { x: { a: 1 } })).toEqual(expected);
  });

  it('refuses bad input with a message', () => {
    expect(() => run('[1, 2].slice(1, 5)')).toThrow(/list is length 2/);
    expect(() => run('[1, 2].slice(2, 1)')).toThrow(/start index must be less/);
    expect(() => run('x.keys()', { x: [1] })).toThrow(/no matching overload for 'list.keys\(\)'/);
    expect(() => run('x.omit(["a"])', { x: null })).toThrow(/no matching overload/);
    expect(() => run('keyValToMap("a")')).toThrow(/is not key=value/);
    expect(() => run('[1, "a"].sort()')).toThrow(/numbers or of strings/);
  });
});
