import { describe, expect, it } from 'vitest';
import { firstSlot, nextSlot, parseSchedule, periodOf } from './schedule.ts';

describe('parseSchedule', () => {
  it('reads @every durations', () => {
    expect(parseSchedule('@every 30s')).toEqual({ kind: 'every', periodMs: 30_000 });
    expect(parseSchedule('@every 1m30s')).toEqual({ kind: 'every', periodMs: 90_000 });
    expect(parseSchedule('@every 2h')).toEqual({ kind: 'every', periodMs: 7_200_000 });
    expect(parseSchedule('@every 1500ms')).toEqual({ kind: 'every', periodMs: 1500 });
  });

  it('reads cron with and without seconds, and nicknames', () => {
    const t = Date.UTC(2026, 0, 1, 10, 0, 7);
    expect(nextSlot(parseSchedule('*/15 * * * * *'), t, t)).toBe(Date.UTC(2026, 0, 1, 10, 0, 15));
    expect(nextSlot(parseSchedule('*/5 * * * *'), t, t)).toBe(Date.UTC(2026, 0, 1, 10, 5, 0));
    expect(nextSlot(parseSchedule('@hourly'), t, t)).toBe(Date.UTC(2026, 0, 1, 11, 0, 0));
    expect(nextSlot(parseSchedule('@daily'), t, t)).toBe(Date.UTC(2026, 0, 2));
    expect(periodOf(parseSchedule('@weekly'), t)).toBe(7 * 86_400_000);
  });

  it('refuses what is not a schedule', () => {
    expect(() => parseSchedule('@every soon')).toThrow('must be @every followed by a duration');
    expect(() => parseSchedule('@every 100ms')).toThrow('must run at most once a second');
    expect(() => parseSchedule('every day')).toThrow(/is not a valid schedule/);
    expect(() => parseSchedule('61 * * * *')).toThrow(/is not a valid schedule/);
  });
});

describe('slots', () => {
  it('keeps a fixed rate and skips missed slots', () => {
    const every = parseSchedule('@every 10s');
    expect(nextSlot(every, 1000, 1005)).toBe(11_000);
    expect(nextSlot(every, 1000, 35_500)).toBe(41_000);
  });

  it('spreads first runs over one period', () => {
    const every = parseSchedule('@every 10s');
    expect(firstSlot(every, 0, () => 0)).toBe(0);
    expect(firstSlot(every, 0, () => 0.999)).toBe(9990);
  });
});
