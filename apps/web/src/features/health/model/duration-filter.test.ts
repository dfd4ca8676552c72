import { describe, expect, it } from 'vitest';
import { durationFilterMessage, parseDurationFilter } from './duration-filter.ts';

describe('parseDurationFilter', () => {
  it('accepts milliseconds and seconds only', () => {
    expect(parseDurationFilter('')).toEqual({ ms: null });
    expect(parseDurationFilter('250ms')).toEqual({ ms: 250 });
    expect(parseDurationFilter(' 2s ')).toEqual({ ms: 2000 });
    expect(parseDurationFilter('1.5s')).toEqual({ ms: 1500 });
    expect(parseDurationFilter('2m')).toEqual({ error: durationFilterMessage });
    expect(parseDurationFilter('abc')).toEqual({ error: durationFilterMessage });
  });
});
