import { describe, expect, it } from 'vitest';
import { durationFilterMessage, parseDurationFilter } from './duration-filter.ts';
import { canRunChecks } from './run-permission.ts';

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

describe('canRunChecks', () => {
  it('allows admin, editor, responder and commander only', () => {
    expect(canRunChecks(['editor'])).toBe(true);
    expect(canRunChecks(['responder'])).toBe(true);
    expect(canRunChecks(['commander'])).toBe(true);
    expect(canRunChecks(['admin'])).toBe(true);
    expect(canRunChecks(['viewer'])).toBe(false);
    expect(canRunChecks([])).toBe(false);
  });
});
