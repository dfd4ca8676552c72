import { describe, expect, it } from 'vitest';
import { durationFromNanos } from './durations.ts';
import { run } from './test-eval.ts';

describe('time and durations', () => {
  it.each([
    ['HumanDuration(duration("1008h"))', '6w0d0h'],
    ['HumanDuration(duration("75s"))', '1m15s'],
    ['HumanDuration(duration("1h"))', '1h'],
    ['HumanDuration(duration("26h3m"))', '1d2h3m'],
    ['HumanDuration(duration("1500ms"))', '1.5s'],
    ['Duration("7d").getHours()', 168],
    ['duration("24h") > Duration("3d")', false],
    ['Duration("nonsense") == duration("0s")', true],
    ['time.ParseDuration("30d12h").getHours()', 732],
    ['time.ParseDuration("-2h45m") < duration("0s")', true],
    ['Age("2020-01-01T00:00:00Z") > Duration("3d")', true],
    ['time.Since(timestamp("2020-01-01T00:00:00Z")) > duration("1h")', true],
    ['time.Until(timestamp("2020-01-01T00:00:00Z")) < duration("0s")', true],
    ['time.Now() > timestamp("2024-01-01T00:00:00Z")', true],
    ['sslAge < duration("2h")', true],
  ])('%s is %j', (source, expected) => {
    expect(run(source, { sslAge: durationFromNanos(3_600_000_000_000n) })).toEqual(expected);
  });

  it('refuses bad input with a message', () => {
    expect(() => run('time.ParseDuration("7x")')).toThrow(/invalid duration "7x"/);
    expect(() => run('Age("yesterday")')).toThrow(/cannot parse "yesterday"/);
    expect(() => run('time.Since(x)', { x: 'not a time' })).toThrow(/no matching overload/);
    expect(() => run('HumanDuration(x)', { x: null })).toThrow(/no matching overload/);
  });
});
