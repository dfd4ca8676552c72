import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mappedRanges,
  relativeLabel,
  relativeRanges,
  timeBounds,
  timeRangeLabel,
} from './time-range.ts';

// A Wednesday, mid-afternoon local time.
const now = new Date(2026, 10, 25, 15, 30);
const local = (...parts: [number, number, number]) => new Date(...parts).toISOString();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('relative ranges', () => {
  it('offers the spec options with readable labels', () => {
    expect(relativeRanges).toHaveLength(16);
    expect(relativeLabel('5m')).toBe('Last 5 minutes');
    expect(relativeLabel('1h')).toBe('Last 1 hour');
    expect(relativeLabel('2d')).toBe('Last 2 days');
    expect(relativeLabel('6M')).toBe('Last 6 months');
    expect(relativeLabel('1y')).toBe('Last 1 year');
  });

  it('becomes date math, so the query key does not move with the clock', () => {
    expect(timeBounds({ type: 'relative', range: '2d' }, now)).toEqual({
      from: 'now-2d',
      to: 'now',
    });
    expect(timeBounds({ type: 'relative', range: '6M' }, now)).toEqual({
      from: 'now-6M',
      to: 'now',
    });
  });

  it.each(['', '2 days', '0d', '-1h', 'now-2d'])('logs %j and applies no range', (range) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(timeBounds({ type: 'relative', range }, now)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('mapped ranges', () => {
  it('offers the fourteen spec options', () => {
    expect(mappedRanges.map(([display]) => display)).toEqual([
      'Yesterday',
      'Day before yesterday',
      'This day last week',
      'Previous week',
      'Previous month',
      'Previous year',
      'Today',
      'Today so far',
      'This week',
      'This week so far',
      'This month',
      'This month so far',
      'This year',
      'This year so far',
    ]);
  });

  it.each([
    ['Yesterday', local(2026, 10, 24), local(2026, 10, 25)],
    ['Day before yesterday', local(2026, 10, 23), local(2026, 10, 24)],
    ['This day last week', local(2026, 10, 18), local(2026, 10, 19)],
    ['Previous week', local(2026, 10, 16), local(2026, 10, 23)],
    ['Previous month', local(2026, 9, 1), local(2026, 10, 1)],
    ['Previous year', local(2025, 0, 1), local(2026, 0, 1)],
    ['Today', local(2026, 10, 25), local(2026, 10, 26)],
    ['Today so far', local(2026, 10, 25), 'now'],
    ['This week', local(2026, 10, 23), local(2026, 10, 30)],
    ['This week so far', local(2026, 10, 23), 'now'],
    ['This month', local(2026, 10, 1), local(2026, 11, 1)],
    ['This month so far', local(2026, 10, 1), 'now'],
    ['This year', local(2026, 0, 1), local(2027, 0, 1)],
    ['This year so far', local(2026, 0, 1), 'now'],
  ])('%s runs from %s to %s', (display, from, to) => {
    expect(timeBounds({ type: 'mapped', display }, now)).toEqual({ from, to });
  });

  it('logs an unknown option and applies no range', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(timeBounds({ type: 'mapped', display: 'Next week' }, now)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('absolute ranges', () => {
  it('sends both ends as ISO times', () => {
    expect(
      timeBounds({ type: 'absolute', from: '2026-11-01T00:00:00Z', to: '2026-11-02T12:00:00Z' }),
    ).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T12:00:00.000Z' });
  });

  it('applies no range when an end is missing or not a date', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(timeBounds({ type: 'absolute', from: '', to: '2026-11-02T12:00:00Z' })).toBeUndefined();
    expect(timeBounds({ type: 'absolute', from: 'soon', to: 'later' })).toBeUndefined();
  });

  it('labels the range with both ends', () => {
    const label = timeRangeLabel({
      type: 'absolute',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-02T12:00:00Z',
    });
    expect(label).toContain(' to ');
    expect(label).toContain('2026');
  });
});
