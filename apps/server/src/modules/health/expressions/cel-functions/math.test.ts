import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('math', () => {
  it.each([
    ['math.Add([1,2,3,4,5])', 15],
    ['math.Sub(5,4)', 1],
    ['math.Mul([1, 2, 3, 4])', 24],
    ['math.Div(4, 2)', 2],
    ['math.Rem(4, 3)', 1],
    ['math.Pow(4, 2)', 16],
    ['math.Seq([1, 5])', [1, 2, 3, 4, 5]],
    ['math.Seq([1, 6, 2])', [1, 3, 5]],
    ['math.Abs(-1)', 1],
    ['math.greatest([1,2,3,4,5])', 5],
    ['math.least([1,2,3,4,5])', 1],
    ['math.greatest(-42.0, -21.5, -100.0)', -21.5],
    ['math.Ceil(5.4)', 6],
    ['math.Floor(5.6)', 5],
    ['math.Round(2.5)', 3],
    ['math.Round(-2.5)', -3],
    ['math.Trunc(-2.7)', -2],
    ['math.Sign(-5)', -1],
    ['math.Sqrt(16)', 4],
    ['math.IsNaN(0.0 / 0.0)', true],
    ['math.IsInf(1.0 / 0.0)', true],
    ['math.IsFinite(5.0)', true],
    ['math.bitOr(5, 3)', 7],
    ['math.bitNot(5)', -6],
    ['math.bitShiftRight(10, 1)', 5],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('keeps int results int and refuses bad input', () => {
    expect(run('type(math.Add([1, 2])) == int')).toBe(true);
    expect(() => run('math.Div(1, 0)')).toThrow(/divide by zero/);
    expect(() => run('math.greatest([])')).toThrow(/at least one value/);
    expect(() => run('math.Add(["a"])')).toThrow(/expected a number, got string/);
    expect(() => run('math.Abs(x)', { x: null })).toThrow(/expected a number, got null/);
  });
});
