import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

describe('time.Parse, time.ParseLocal, time.ParseInLocation (Go layouts)', () => {
  it.each([
    ['string(time.Parse("2006-01-02", "2023-09-26"))', '2023-09-26T00:00:00Z'],
    ['time.Parse("02-01-2006", "26-09-2023") == timestamp("2023-09-26T00:00:00Z")', true],
    [
      'time.Parse("15:04 02-01-2006", "14:30 26-09-2023") == timestamp("2023-09-26T14:30:00Z")',
      true,
    ],
    ['time.Parse("Jan 2, 2006 at 3:04pm (MST)", "Feb 3, 2013 at 7:54pm (PST)").getHours()', 19],
    [
      'time.Parse("2006-01-02T15:04:05Z07:00", "2023-09-26T14:30:00+02:00") == timestamp("2023-09-26T12:30:00Z")',
      true,
    ],
    [
      'time.Parse("2006-01-02 15:04:05.000", "2023-09-26 14:30:01.250") == timestamp("2023-09-26T14:30:01.250Z")',
      true,
    ],
    [
      'time.ParseInLocation("2006-01-02", "America/New_York", "2023-09-26") == timestamp("2023-09-26T04:00:00Z")',
      true,
    ],
    [
      'time.ParseInLocation("15:04 02-01-2006", "Asia/Tokyo", "14:30 26-09-2023") == timestamp("2023-09-26T05:30:00Z")',
      true,
    ],
    [
      'time.ParseLocal("2006-01-02 15:04", "2023-09-26 14:30") < timestamp("2023-09-27T00:00:00Z")',
      true,
    ],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('refuses text that does not fit the layout', () => {
    expect(() => run('time.Parse("2006-01-02", "26/09/2023")')).toThrow(/cannot parse/);
    expect(() => run('time.Parse("2006-01-02", "2023-02-30")')).toThrow(/day out of range/);
    expect(() => run('time.Parse("2006-01-02", "2023-13-01")')).toThrow(/out of range/);
  });
});

describe('fromAWSMap (gomplate aws family)', () => {
  const dimensions = [
    { Name: 'hello', Value: 'world' },
    { Name: 'John', Value: 'Doe' },
  ];
  it('merges Name/Value pairs into one map', () => {
    expect(run('aws.fromAWSMap(x).hello', { x: dimensions })).toBe('world');
    expect(run('fromAWSMap(x)', { x: dimensions })).toEqual({ hello: 'world', John: 'Doe' });
    expect(run('fromAWSMap([])')).toEqual({});
  });
  it('refuses a value that is not a list', () => {
    expect(() => run('fromAWSMap(x)', { x: 'nope' })).toThrow();
  });
});
