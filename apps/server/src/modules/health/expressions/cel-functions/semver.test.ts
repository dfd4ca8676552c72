import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('semver and sizes', () => {
  it.each([
    ["Semver('1.2.3').major", '1'],
    ['Semver(v).prerelease', 'beta.1'],
    ['Semver(v).metadata', 'c0ff33'],
    ['SemverCompare("1.2.3", "1.2.3")', true],
    ['SemverCompare("1.2.4", "1.2.3")', false],
    ['SemverCompare(">= 1.2, < 2", "1.9.0")', true],
    ['SemverCompare("^1.2.0", "2.0.0")', false],
    ['SemverCompare("~1.2", "1.2.9")', true],
    ['SemverCompare("1.x || >=3", "3.1.0")', true],
    ['SemverCompare(">=1.0.0", "1.5.0-beta")', false],
    ['HumanSize(123456)', '120.6K'],
    ['HumanSize(0)', '0B'],
    ['HumanSize(1073741824)', '1G'],
    ['HumanSize("1024")', '1K'],
    ['HumanSize("ten")', 'NaN'],
  ])('%s is %j', (source, expected) => {
    expect(run(source, { v: '1.2.3-beta.1+c0ff33' })).toEqual(expected);
  });

  it('refuses bad input with a message', () => {
    expect(() => run('Semver("one")')).toThrow(/invalid semantic version "one"/);
    expect(() => run('SemverCompare("1.0", "x.y")')).toThrow(/invalid semantic version/);
    expect(() => run('HumanSize(x)', { x: null })).toThrow(/no matching overload/);
  });
});
