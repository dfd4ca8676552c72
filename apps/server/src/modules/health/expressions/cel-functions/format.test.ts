import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('format (cel-go strings extension)', () => {
  it.each([
    ['"%s/%s -> %s".format(["ns", "pod", "Ready"])', 'ns/pod -> Ready'],
    ['"%s-%d".format(["a", 42])', 'a-42'],
    ['"%f".format([1.5])', '1.500000'],
    ['"%.2f".format([3.14159])', '3.14'],
    ['"%.3f".format([2])', '2.000'],
    ['"%e".format([1234.5])', '1.234500e+03'],
    ['"%b %o %x %X".format([10, 8, 255, 255])', '1010 10 ff FF'],
    ['"%x".format(["hi"])', '6869'],
    ['"%c".format([65])', 'A'],
    ['"100%% %s".format([true])', '100% true'],
    ['"%s".format([[1, "a"]])', '[1, a]'],
    ['"%s".format([{"b": 2, "a": 1}])', '{a: 1, b: 2}'],
    ['"%s".format([null])', 'null'],
    ['"plain".format([])', 'plain'],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('refuses bad clauses and arguments with a message', () => {
    expect(() => run('"%s %s".format(["a"])')).toThrow(/index 1 out of range/);
    expect(() => run('"%d".format([1.5])')).toThrow(/%d can only be used on integers/);
    expect(() => run('"%q".format([1])')).toThrow(/could not parse formatting clause/);
    expect(() => run('"%f".format(["x"])')).toThrow(/%f can only be used on numbers/);
  });
});
